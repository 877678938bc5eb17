// Risk-list entries one at a time: page, upsert, edit, delete (spec: Partner surface — entries).
// Every write locks the list row, so entry_count moves in the same transaction as the entries.
import { sql } from "kysely";
import type { Queryable, Tx } from "../../platform/db/transaction.js";
import { withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { pageParam, pageSizeParam } from "../../platform/http/paging.js";
import { isUuid } from "../../platform/ids.js";
import type { RiskListType } from "../partner-tables.js";
import {
  MAX_ENTRY_COMMENT_LENGTH,
  MAX_ENTRY_VALUE_LENGTH,
  normalizeEntryValue,
} from "./normalize-entry-value.js";
import { isUniqueViolation, listNotFound } from "./risk-lists.js";

export interface RiskListEntry {
  id: string;
  value: string;
  comment: string;
  created_at: string;
}

const ENTRY_COLUMNS = ["id", "value", "comment", "created_at"] as const;

function toEntry(row: { id: string; value: string; comment: string; created_at: Date }): RiskListEntry {
  return { id: row.id, value: row.value, comment: row.comment, created_at: row.created_at.toISOString() };
}

export interface LockedList {
  id: string;
  type: RiskListType;
}

/** Locks the tenant's list for an entry write; another tenant's list is simply not found. */
export async function lockRiskList(tx: Tx, tenantId: string, listId: string): Promise<LockedList> {
  if (!isUuid(listId)) throw listNotFound();
  const row = await tx
    .selectFrom("risk_lists")
    .select(["id", "type"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", listId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw listNotFound();
  return row;
}

export async function adjustEntryCount(tx: Tx, listId: string, delta: number, reset = false): Promise<void> {
  await tx
    .updateTable("risk_lists")
    .set({
      entry_count: reset ? delta : sql`entry_count + ${delta}`,
      updated_at: sql`now()`,
    })
    .where("id", "=", listId)
    .execute();
}

export interface EntryPageQuery {
  page?: string;
  page_size?: string;
  q?: string;
}

export interface EntryPage {
  total: number;
  page: number;
  page_size: number;
  entries: RiskListEntry[];
}

/** spec: page default 1 (floor 1), page_size default 100 clamped 1..500, q over value and comment, newest first. */
export async function listEntries(
  db: Queryable,
  tenantId: string,
  listId: string,
  query: EntryPageQuery,
): Promise<EntryPage> {
  if (!isUuid(listId)) throw listNotFound();
  const list = await db
    .selectFrom("risk_lists")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", listId)
    .executeTakeFirst();
  if (!list) throw listNotFound();
  const page = pageParam(query.page);
  const pageSize = pageSizeParam(query.page_size, { fallback: 100, max: 500 });
  let filtered = db
    .selectFrom("risk_list_entries")
    .where("tenant_id", "=", tenantId)
    .where("list_id", "=", listId);
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filtered = filtered.where((eb) =>
      eb.or([eb("value", "ilike", pattern), eb("comment", "ilike", pattern)]),
    );
  }
  const [count, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow(),
    filtered
      .select(ENTRY_COLUMNS)
      .orderBy("seq", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return { total: Number(count.total), page, page_size: pageSize, entries: rows.map(toEntry) };
}

export function requireEntryValue(type: RiskListType, value: unknown): string {
  if (typeof value === "string" && value.length > MAX_ENTRY_VALUE_LENGTH) {
    throw new AppError("validation_failed", {
      field: "value",
      message: `value is longer than ${MAX_ENTRY_VALUE_LENGTH} characters.`,
    });
  }
  const normalized = typeof value === "string" ? normalizeEntryValue(type, value) : "";
  if (!normalized) {
    throw new AppError("validation_failed", {
      field: "value",
      message: "value is required and must not be blank.",
    });
  }
  return normalized;
}

export function optionalComment(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    throw new AppError("validation_failed", { field: "comment", message: "comment must be a string." });
  }
  if (value.length > MAX_ENTRY_COMMENT_LENGTH) {
    throw new AppError("validation_failed", {
      field: "comment",
      message: `comment is longer than ${MAX_ENTRY_COMMENT_LENGTH} characters.`,
    });
  }
  return value;
}

export interface UpsertResult {
  entry: RiskListEntry;
  created: boolean;
}

/** Single add: 201 when created, 200 when the normalized value existed (its comment is updated when given). */
export async function upsertEntry(
  db: Queryable,
  tenantId: string,
  listId: string,
  input: { value?: unknown; comment?: unknown },
): Promise<UpsertResult> {
  return withTransaction(db, async (tx) => {
    const list = await lockRiskList(tx, tenantId, listId);
    const value = requireEntryValue(list.type, input.value);
    const comment = optionalComment(input.comment);
    const row = await tx
      .insertInto("risk_list_entries")
      .values({ tenant_id: tenantId, list_id: list.id, type: list.type, value, comment: comment ?? "" })
      .onConflict((oc) =>
        oc.columns(["list_id", "value"]).doUpdateSet({
          comment: comment === undefined ? sql`risk_list_entries.comment` : comment,
        }),
      )
      .returning([...ENTRY_COLUMNS, sql<boolean>`(xmax = 0)`.as("inserted")])
      .executeTakeFirstOrThrow();
    if (row.inserted) await adjustEntryCount(tx, list.id, 1);
    return { entry: toEntry(row), created: row.inserted };
  });
}

/** spec: entry PATCH — 400 when the value normalizes to empty, 409 (with the other entry's id) on a collision. */
export async function updateEntry(
  db: Queryable,
  tenantId: string,
  listId: string,
  entryId: string,
  input: { value?: unknown; comment?: unknown },
): Promise<RiskListEntry> {
  return withTransaction(db, async (tx) => {
    const list = await lockRiskList(tx, tenantId, listId);
    if (!isUuid(entryId)) throw entryNotFound();
    const value = input.value === undefined ? undefined : requireEntryValue(list.type, input.value);
    const comment = optionalComment(input.comment);
    if (value !== undefined) {
      const clash = await tx
        .selectFrom("risk_list_entries")
        .select("id")
        .where("list_id", "=", list.id)
        .where("value", "=", value)
        .where("id", "!=", entryId)
        .executeTakeFirst();
      if (clash) {
        throw new AppError("conflict", {
          message: "An entry with this value already exists.",
          extra: { id: clash.id },
        });
      }
    }
    try {
      const row = await tx
        .updateTable("risk_list_entries")
        .set({
          ...(value === undefined ? {} : { value }),
          ...(comment === undefined ? {} : { comment }),
        })
        .where("tenant_id", "=", tenantId)
        .where("list_id", "=", list.id)
        .where("id", "=", entryId)
        .returning(ENTRY_COLUMNS)
        .executeTakeFirst();
      if (!row) throw entryNotFound();
      return toEntry(row);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError("conflict", { message: "An entry with this value already exists." });
      throw error;
    }
  });
}

export async function deleteEntry(
  db: Queryable,
  tenantId: string,
  listId: string,
  entryId: string,
): Promise<void> {
  await withTransaction(db, async (tx) => {
    const list = await lockRiskList(tx, tenantId, listId);
    if (!isUuid(entryId)) throw entryNotFound();
    const deleted = await tx
      .deleteFrom("risk_list_entries")
      .where("tenant_id", "=", tenantId)
      .where("list_id", "=", list.id)
      .where("id", "=", entryId)
      .returning("id")
      .executeTakeFirst();
    if (!deleted) throw entryNotFound();
    await adjustEntryCount(tx, list.id, -1);
  });
}

function entryNotFound(): AppError {
  return new AppError("not_found", { message: "Entry not found." });
}
