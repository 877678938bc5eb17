// "Showing 51–100 of 320" with Previous/Next, for the paged lists.
export function Pager({
  offset,
  pageSize,
  total,
  onOffset,
}: {
  offset: number;
  pageSize: number;
  total: number;
  onOffset: (offset: number) => void;
}) {
  if (total === 0) return null;
  const last = Math.min(offset + pageSize, total);
  return (
    <nav class="pager" aria-label="Pages">
      <span aria-live="polite">
        Showing {offset + 1}–{last} of {total}
      </span>
      <button
        type="button"
        class="secondary"
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - pageSize))}
      >
        Previous
      </button>
      <button
        type="button"
        class="secondary"
        disabled={last >= total}
        onClick={() => onOffset(offset + pageSize)}
      >
        Next
      </button>
    </nav>
  );
}
