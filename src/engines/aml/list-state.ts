// Per-list state (migrations/0017): where each stored list came from and how old its data is. The age of a
// list is the time since its content was last known current — the publication date of the shipped
// snapshot, the last successful download or unchanged (304) check of `kyc aml sync`, or the load time of
// a `kyc aml load` file. Results warn when a list is older than AML_MAX_LIST_AGE_HOURS.
import { sql } from "kysely";
import type { Queryable, Tx } from "../../platform/db/transaction.js";
import type { ListOrigin } from "./aml-store-tables.js";

export interface ListState {
  origin: ListOrigin;
  registryKey?: string;
  url?: string;
  version?: string;
  etag?: string | null;
  lastModified?: string | null;
  /** Default: now. */
  asOf?: Date;
  /** Overrides for one source (the snapshot carries lists of different dates). */
  perSource?: Record<string, { asOf?: Date; url?: string; version?: string }>;
}

/** Records the state of every source a load wrote, with the entity count now stored for it. */
export async function writeListStates(tx: Tx, sources: readonly string[], state: ListState): Promise<void> {
  for (const source of sources) {
    const own = state.perSource?.[source] ?? {};
    const count = await tx
      .selectFrom("aml_entities")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("source", "=", source)
      .executeTakeFirstOrThrow();
    const row = {
      source,
      origin: state.origin,
      registry_key: state.registryKey ?? null,
      url: own.url ?? state.url ?? null,
      version: own.version ?? state.version ?? null,
      etag: state.etag ?? null,
      last_modified: state.lastModified ?? null,
      as_of: (own.asOf ?? state.asOf ?? new Date()).toISOString(),
      entity_count: count.n,
      loaded_at: new Date().toISOString(),
      checked_at: new Date().toISOString(),
      last_error: null,
    };
    await tx
      .insertInto("aml_list_sources")
      .values(row)
      .onConflict((oc) => oc.column("source").doUpdateSet(row))
      .execute();
  }
}

/** A conditional download found the list unchanged (fresh again) or failed (error kept, age unchanged). */
export async function recordListCheck(
  db: Queryable,
  source: string,
  outcome: { unchanged: true } | { error: string },
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable("aml_list_sources")
    .set(
      "unchanged" in outcome
        ? { as_of: now, checked_at: now, last_error: null }
        : { checked_at: now, last_error: outcome.error.slice(0, 500) },
    )
    .where("source", "=", source)
    .execute();
}

export interface ListAge {
  source: string;
  origin: ListOrigin;
  entities: number;
  as_of: string;
  age_hours: number;
  stale: boolean;
  url: string | null;
  version: string | null;
  etag: string | null;
  last_modified: string | null;
  checked_at: string | null;
  last_error: string | null;
}

export function ageHours(asOf: Date | string, now = Date.now()): number {
  return Math.round(((now - new Date(asOf).getTime()) / 3_600_000) * 10) / 10;
}

/**
 * Every stored list with its age. Lists stored before per-list state existed count as `file` loads dated
 * by their newest row.
 */
export async function readListAges(db: Queryable, maxAgeHours: number): Promise<ListAge[]> {
  const states = await db.selectFrom("aml_list_sources").selectAll().orderBy("source").execute();
  const counts = await db
    .selectFrom("aml_entities")
    .select(["source", sql<number>`count(*)::int`.as("n"), sql<Date>`max(updated_at)`.as("last")])
    .groupBy("source")
    .execute();
  const now = Date.now();
  const ages: ListAge[] = [];
  const known = new Set<string>();
  for (const state of states) {
    known.add(state.source);
    const entities = counts.find((count) => count.source === state.source)?.n ?? 0;
    if (entities === 0) continue;
    const age = ageHours(state.as_of, now);
    ages.push({
      source: state.source,
      origin: state.origin,
      entities,
      as_of: new Date(state.as_of).toISOString(),
      age_hours: age,
      stale: age > maxAgeHours,
      url: state.url,
      version: state.version,
      etag: state.etag,
      last_modified: state.last_modified,
      checked_at: state.checked_at ? new Date(state.checked_at).toISOString() : null,
      last_error: state.last_error,
    });
  }
  for (const count of counts) {
    if (known.has(count.source)) continue;
    const age = ageHours(count.last, now);
    ages.push({
      source: count.source,
      origin: "file",
      entities: count.n,
      as_of: new Date(count.last).toISOString(),
      age_hours: age,
      stale: age > maxAgeHours,
      url: null,
      version: null,
      etag: null,
      last_modified: null,
      checked_at: null,
      last_error: null,
    });
  }
  return ages.sort((a, b) => a.source.localeCompare(b.source));
}
