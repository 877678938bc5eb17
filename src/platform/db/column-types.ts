// Column types every table file shares: a leaf, so feature table files and the composed schema never
// import each other.
import type { ColumnType } from "kysely";

/** timestamptz: read as Date, written as Date or ISO string, defaulted by the database. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** numeric: exact decimal, read as string. */
export type Decimal = ColumnType<string, string | number, string | number>;
export type Json<T = unknown> = ColumnType<T, T | string, T | string>;
