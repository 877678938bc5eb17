// A small RFC 4180 reader (quoted fields, doubled quotes, CRLF): the official lists need no more.

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    let field: string;
    if (text.charCodeAt(i) === QUOTE) {
      // Quoted field: runs to the next quote that is not doubled.
      let start = i + 1;
      field = "";
      for (;;) {
        const close = text.indexOf('"', start);
        if (close < 0) {
          field += text.slice(start);
          i = n;
          break;
        }
        field += text.slice(start, close);
        if (text.charCodeAt(close + 1) === QUOTE) {
          field += '"';
          start = close + 2;
        } else {
          i = close + 1;
          break;
        }
      }
      // Anything between the closing quote and the separator belongs to the field ("-0- " style).
      let j = i;
      while (j < n && text.charCodeAt(j) !== COMMA && text.charCodeAt(j) !== LF && text.charCodeAt(j) !== CR)
        j++;
      field += text.slice(i, j);
      i = j;
    } else {
      let j = i;
      while (j < n) {
        const code = text.charCodeAt(j);
        if (code === COMMA || code === LF || code === CR) break;
        j++;
      }
      field = text.slice(i, j);
      i = j;
    }
    row.push(field);
    const separator = text.charCodeAt(i);
    if (separator === COMMA) {
      i++;
      if (i === n) row.push("");
      continue;
    }
    // End of line (or of text).
    if (separator === CR && text.charCodeAt(i + 1) === LF) i += 2;
    else i++;
    if (row.length > 1 || row[0] !== "") rows.push(row);
    row = [];
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

/** Rows of a CSV with a header line, as objects keyed by the header's column names. */
export function parseCsvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsvRows(text);
  if (!header) return [];
  return rows.map((row) => Object.fromEntries(header.map((column, i) => [column, row[i] ?? ""])));
}
