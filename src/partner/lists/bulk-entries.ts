// Many entries at once (spec: Partner surface — bulk POST and PUT entries; Limits — diagnostics 20 / 50).
// Rows are validated and de-duplicated in memory, then written with one unnest() INSERT per chunk.
import { sql } from "kysely";
import type { Queryable, Tx } from "../../platform/db/transaction.js";
import { withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import type { RiskListType } from "../partner-tables.js";
import { adjustEntryCount, lockRiskList } from "./list-entries.js";
import {
  MAX_ENTRY_COMMENT_LENGTH,
  MAX_ENTRY_VALUE_LENGTH,
  normalizeEntryValue,
} from "./normalize-entry-value.js";

const BULK_ADD_DIAGNOSTICS = 20;
const REPLACE_DIAGNOSTICS = 50;
const INSERT_CHUNK = 20_000;

export interface RowError {
  /** Zero-based index of the row in the request's `entries` array. */
  row: number;
  error: string;
}

interface CheckedRows {
  values: string[];
  comments: string[];
  /** Valid rows dropped because an earlier row in the same request has the same normalized value. */
  repeats: number;
  invalid: number;
  errors: RowError[];
}

/** Validates and normalizes every row; keeps the first occurrence of each normalized value. */
export function checkRows(type: RiskListType, rows: unknown, maxErrors: number): CheckedRows {
  if (!Array.isArray(rows)) {
    throw new AppError("validation_failed", { field: "entries", message: "entries must be an array." });
  }
  const seen = new Set<string>();
  const checked: CheckedRows = { values: [], comments: [], repeats: 0, invalid: 0, errors: [] };
  rows.forEach((row, index) => {
    const problem = rowProblem(row);
    const value = problem ? "" : normalizeEntryValue(type, (row as { value: string }).value);
    if (problem || !value) {
      checked.invalid += 1;
      if (checked.errors.length < maxErrors)
        checked.errors.push({ row: index, error: problem ?? "value is blank" });
      return;
    }
    if (seen.has(value)) {
      checked.repeats += 1;
      return;
    }
    seen.add(value);
    checked.values.push(value);
    checked.comments.push(((row as { comment?: string }).comment ?? "") as string);
  });
  return checked;
}

function rowProblem(row: unknown): string | null {
  if (typeof row !== "object" || row === null || Array.isArray(row)) return "row must be an object";
  const { value, comment } = row as { value?: unknown; comment?: unknown };
  if (typeof value !== "string") return "value is required";
  if (value.length > MAX_ENTRY_VALUE_LENGTH)
    return `value is longer than ${MAX_ENTRY_VALUE_LENGTH} characters`;
  if (comment !== undefined && comment !== null && typeof comment !== "string")
    return "comment must be a string";
  if (typeof comment === "string" && comment.length > MAX_ENTRY_COMMENT_LENGTH)
    return `comment is longer than ${MAX_ENTRY_COMMENT_LENGTH} characters`;
  return null;
}

/** Inserts the rows, skipping values already in the list; returns how many were inserted. */
export async function insertEntryRows(
  tx: Tx,
  tenantId: string,
  list: { id: string; type: RiskListType },
  values: string[],
  comments: string[],
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < values.length; start += INSERT_CHUNK) {
    const result = await sql<{ inserted: string }>`
      WITH added AS (
        INSERT INTO risk_list_entries (tenant_id, list_id, type, value, comment)
        SELECT ${tenantId}::uuid, ${list.id}::uuid, ${list.type}, u.value, coalesce(u.comment, '')
        FROM unnest(${values.slice(start, start + INSERT_CHUNK)}::text[], ${comments.slice(start, start + INSERT_CHUNK)}::text[])
          WITH ORDINALITY AS u(value, comment, n)
        ORDER BY u.n
        ON CONFLICT (list_id, value) DO NOTHING
        RETURNING 1
      )
      SELECT count(*) AS inserted FROM added`.execute(tx);
    inserted += Number(result.rows[0]?.inserted ?? 0);
  }
  return inserted;
}

export interface BulkAddResult {
  ok: true;
  created: number;
  skipped: number;
  invalid: number;
  errors: RowError[];
}

/** spec: bulk POST — idempotent; duplicates skipped; valid rows are added even when others are invalid. */
export async function addEntriesInBulk(
  db: Queryable,
  tenantId: string,
  listId: string,
  rows: unknown,
): Promise<BulkAddResult> {
  return withTransaction(db, async (tx) => {
    const list = await lockRiskList(tx, tenantId, listId);
    const checked = checkRows(list.type, rows, BULK_ADD_DIAGNOSTICS);
    const created = await insertEntryRows(tx, tenantId, list, checked.values, checked.comments);
    if (created > 0) await adjustEntryCount(tx, list.id, created);
    return {
      ok: true,
      created,
      skipped: checked.values.length - created + checked.repeats,
      invalid: checked.invalid,
      errors: checked.errors,
    };
  });
}

export interface ReplaceResult {
  ok: true;
  replaced: true;
  deleted: number;
  created: number;
}

/** spec: PUT — atomically replaces every entry with the (de-duplicated) set; any invalid row changes nothing. */
export async function replaceEntries(
  db: Queryable,
  tenantId: string,
  listId: string,
  rows: unknown,
): Promise<ReplaceResult> {
  return withTransaction(db, async (tx) => {
    const list = await lockRiskList(tx, tenantId, listId);
    const checked = checkRows(list.type, rows, REPLACE_DIAGNOSTICS);
    if (checked.invalid > 0) {
      throw new AppError("invalid_entries", {
        message: "invalid_entries",
        extra: { invalid: checked.invalid, errors: checked.errors },
      });
    }
    const deleted = await sql<{ deleted: string }>`
      WITH gone AS (DELETE FROM risk_list_entries WHERE tenant_id = ${tenantId} AND list_id = ${list.id} RETURNING 1)
      SELECT count(*) AS deleted FROM gone`.execute(tx);
    const created = await insertEntryRows(tx, tenantId, list, checked.values, checked.comments);
    await adjustEntryCount(tx, list.id, created, true);
    return { ok: true, replaced: true, deleted: Number(deleted.rows[0]?.deleted ?? 0), created };
  });
}
