// Small display helpers shared by the pages.

/** "3 d 4 h", "2 h 5 min", "4 min" since the given time. */
export function ageSince(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return "-";
  return new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
}

/** `in_review` → "in review", `AML_SCREENING` → "aml screening", `review.resolved` → "review resolved". */
export function label(value: string): string {
  return value.replace(/[_.]/g, " ").toLowerCase();
}
