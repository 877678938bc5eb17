// `page` and `page_size` query values for every paged list (spec: page floor 1; page_size a default and a
// maximum per list). The leading whole number counts (`2.5` is 2); a value without one takes the default;
// out-of-range values are clamped. Pages stop at MAX_PAGE so the offset stays an exact integer the database accepts (a page of
// 10^20 used to reach the query as 1e+22 and fail).
export const MAX_PAGE = 1_000_000;

function wholeNumber(value: string | undefined): number | null {
  if (value === undefined) return null;
  const parsed = Number.parseInt(value, 10);
  return Number.isFinite(parsed) ? parsed : null;
}

export function pageParam(value: string | undefined): number {
  return Math.min(MAX_PAGE, Math.max(1, wholeNumber(value) ?? 1));
}

export function pageSizeParam(value: string | undefined, sizes: { fallback: number; max: number }): number {
  return Math.min(sizes.max, Math.max(1, wholeNumber(value) ?? sizes.fallback));
}
