// Risk lists: create, read, update, delete (spec: Partner surface — /api/v1/lists). Names are unique per
// tenant (409 carries the existing id); the type is fixed at creation.
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { isUuid } from "../../platform/ids.js";
import type { RiskListType } from "../partner-tables.js";
import { isRiskListType, RISK_LIST_TYPES } from "./normalize-entry-value.js";

export interface RiskList {
  id: string;
  name: string;
  description: string;
  type: RiskListType;
  is_active: boolean;
  entry_count: number;
  created_at: string;
  updated_at: string;
}

const COLUMNS = [
  "id",
  "name",
  "description",
  "type",
  "is_active",
  "entry_count",
  "created_at",
  "updated_at",
] as const;

type ListRow = { [K in (typeof COLUMNS)[number]]: K extends "created_at" | "updated_at" ? Date : unknown };

export function toRiskList(row: ListRow): RiskList {
  return {
    id: row.id as string,
    name: row.name as string,
    description: row.description as string,
    type: row.type as RiskListType,
    is_active: row.is_active as boolean,
    entry_count: Number(row.entry_count),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function listNotFound(): AppError {
  return new AppError("not_found", { message: "List not found." });
}

export interface ListFilter {
  type?: string;
  /** Query-string flag: 1, true, yes mean active lists only; any other value inactive only. */
  active?: string;
}

export async function listRiskLists(
  db: Queryable,
  tenantId: string,
  filter: ListFilter,
): Promise<RiskList[]> {
  if (filter.type !== undefined && !isRiskListType(filter.type)) throw invalidType();
  let query = db.selectFrom("risk_lists").select(COLUMNS).where("tenant_id", "=", tenantId);
  if (filter.type !== undefined) query = query.where("type", "=", filter.type as RiskListType);
  if (filter.active !== undefined) query = query.where("is_active", "=", isTruthyFlag(filter.active));
  const rows = await query.orderBy("created_at", "asc").orderBy("id").execute();
  return rows.map(toRiskList);
}

export function isTruthyFlag(value: string): boolean {
  return ["1", "true", "yes"].includes(value.trim().toLowerCase());
}

export async function getRiskList(db: Queryable, tenantId: string, listId: string): Promise<RiskList> {
  if (!isUuid(listId)) throw listNotFound();
  const row = await db
    .selectFrom("risk_lists")
    .select(COLUMNS)
    .where("tenant_id", "=", tenantId)
    .where("id", "=", listId)
    .executeTakeFirst();
  if (!row) throw listNotFound();
  return toRiskList(row);
}

export interface CreateRiskListInput {
  name?: unknown;
  type?: unknown;
  description?: unknown;
  is_active?: unknown;
}

export async function createRiskList(
  db: Queryable,
  tenantId: string,
  input: CreateRiskListInput,
): Promise<RiskList> {
  const name = requireName(input.name);
  const type = input.type === undefined || input.type === null ? "phone" : input.type;
  if (!isRiskListType(type)) throw invalidType();
  const description = optionalText(input.description, "description") ?? "";
  const isActive = optionalBoolean(input.is_active, "is_active") ?? true;
  // ON CONFLICT keeps two racing creates from surfacing a unique violation as a 500.
  const row = await db
    .insertInto("risk_lists")
    .values({ tenant_id: tenantId, name, type, description, is_active: isActive })
    .onConflict((oc) => oc.columns(["tenant_id", "name"]).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) throw await nameTaken(db, tenantId, name);
  return toRiskList(row);
}

export interface UpdateRiskListInput {
  name?: unknown;
  description?: unknown;
  is_active?: unknown;
}

/** spec: PATCH — name, description and is_active are mutable; a `type` in the body is silently ignored. */
export async function updateRiskList(
  db: Queryable,
  tenantId: string,
  listId: string,
  input: UpdateRiskListInput,
): Promise<RiskList> {
  const current = await getRiskList(db, tenantId, listId);
  const name = input.name === undefined ? undefined : requireName(input.name);
  const description = optionalText(input.description, "description");
  const isActive = optionalBoolean(input.is_active, "is_active");
  if (name !== undefined && name !== current.name) {
    const clash = await db
      .selectFrom("risk_lists")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("name", "=", name)
      .executeTakeFirst();
    if (clash) throw await nameTaken(db, tenantId, name);
  }
  try {
    const row = await db
      .updateTable("risk_lists")
      .set({
        ...(name === undefined ? {} : { name }),
        ...(description === undefined ? {} : { description }),
        ...(isActive === undefined ? {} : { is_active: isActive }),
        updated_at: sql`now()`,
      })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", listId)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!row) throw listNotFound();
    return toRiskList(row);
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error)) throw await nameTaken(db, tenantId, name);
    throw error;
  }
}

/** Deletes the list; its entries and flow links go with it (ON DELETE CASCADE). */
export async function deleteRiskList(db: Queryable, tenantId: string, listId: string): Promise<void> {
  if (!isUuid(listId)) throw listNotFound();
  const deleted = await db
    .deleteFrom("risk_lists")
    .where("tenant_id", "=", tenantId)
    .where("id", "=", listId)
    .returning("id")
    .executeTakeFirst();
  if (!deleted) throw listNotFound();
}

/** Documented limits (README: Limits), in characters. */
const MAX_LIST_NAME_LENGTH = 200;
const MAX_LIST_TEXT_LENGTH = 2000;

function requireName(value: unknown): string {
  const name = typeof value === "string" ? value.trim() : "";
  if (!name) throw new AppError("validation_failed", { field: "name", message: "name is required." });
  if (name.length > MAX_LIST_NAME_LENGTH)
    throw new AppError("validation_failed", {
      field: "name",
      message: `name is longer than ${MAX_LIST_NAME_LENGTH} characters.`,
    });
  return name;
}

function invalidType(): AppError {
  return new AppError("validation_failed", {
    field: "type",
    message: `type must be one of ${RISK_LIST_TYPES.join(", ")}.`,
  });
}

function optionalText(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string")
    throw new AppError("validation_failed", { field, message: `${field} must be a string.` });
  if (value.length > MAX_LIST_TEXT_LENGTH)
    throw new AppError("validation_failed", {
      field,
      message: `${field} is longer than ${MAX_LIST_TEXT_LENGTH} characters.`,
    });
  return value;
}

function optionalBoolean(value: unknown, field: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean")
    throw new AppError("validation_failed", { field, message: `${field} must be a boolean.` });
  return value;
}

async function nameTaken(db: Queryable, tenantId: string, name: string): Promise<AppError> {
  const existing = await db
    .selectFrom("risk_lists")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("name", "=", name)
    .executeTakeFirst();
  return new AppError("conflict", {
    message: "A list with this name already exists.",
    extra: { id: existing?.id ?? null },
  });
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}
