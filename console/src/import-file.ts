// Reads an uploaded identity file into the rows POST /imports takes: a JSON array (or {identities: [...]}) or a
// CSV whose header names the columns (any of the import's aliases; the server maps them).

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[at + 1] === "\n") at += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += char;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ""));
}

export function rowsFromFile(name: string, text: string): Record<string, string>[] {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (name.toLowerCase().endsWith(".json") || trimmed.startsWith("[") || trimmed.startsWith("{")) {
    const parsed = JSON.parse(trimmed) as unknown;
    const rows = Array.isArray(parsed) ? parsed : (parsed as { identities?: unknown }).identities;
    if (!Array.isArray(rows)) throw new Error("The JSON file holds no array of identities.");
    return rows as Record<string, string>[];
  }
  const [header, ...body] = parseCsv(trimmed);
  if (!header) throw new Error("The file is empty.");
  const columns = header.map((name) => name.trim().toLowerCase());
  return body.map((cells) =>
    Object.fromEntries(columns.map((column, index) => [column, (cells[index] ?? "").trim()])),
  );
}
