// The list table every admin page shows. Each cell carries its column's name (data-label): on a phone
// (styles.css, ≤ 700 px) a row folds into a card of "name: value" lines instead of scrolling sideways.
import type { ComponentChildren, JSX } from "preact";

export interface Column<T> {
  label: string;
  cell: (row: T) => ComponentChildren;
  /** The cells' class (for example `mono`). */
  class?: string;
}

type RowAttributes = JSX.HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;

export function DataTable<T>(props: {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Attributes of a row's <tr>: data-* hooks, aria-current. */
  rowAttributes?: (row: T) => RowAttributes;
  /** An extra class beside `queue` (for example `audit`). */
  class?: string;
  /** Read out by screen readers only. */
  caption?: string;
  /** Shown in one full-width row when there are no rows. */
  empty?: ComponentChildren;
}) {
  return (
    <div class="table-wrap">
      <table class={props.class ? `queue stack ${props.class}` : "queue stack"}>
        {props.caption && <caption class="visually-hidden">{props.caption}</caption>}
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.length === 0 && props.empty ? (
            <tr>
              <td colSpan={props.columns.length} class="muted">
                {props.empty}
              </td>
            </tr>
          ) : (
            props.rows.map((row) => (
              <tr key={props.rowKey(row)} {...props.rowAttributes?.(row)}>
                {props.columns.map((column) => (
                  <td key={column.label} class={column.class} data-label={column.label}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
