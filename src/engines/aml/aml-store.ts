// The AML lists in PostgreSQL (design: AML list data is public and read-only; each node builds its own
// in-memory index from the lists stored here). `kyc aml load` writes through storeAmlListFile; every node
// reads them back with readAmlEntities.
import { sql } from "kysely";
import type { Db } from "../../platform/db/database.js";
import { type Queryable, type Tx, withTransaction } from "../../platform/db/transaction.js";
import type { AmlEntity } from "./entity.js";
import { type ListState, writeListStates } from "./list-state.js";
import { type AmlListFormat, type ParsedAmlFile, parseAmlFile } from "./load-file.js";

const BATCH = 500;

export interface StoredListLoad {
  load_id: string;
  file: string | null;
  format: AmlListFormat;
  sources: string[];
  entity_count: number;
  added: number;
  modified: number;
  deleted: number;
}

/** Upserts entities (one statement per batch); returns how many ids were new. */
async function upsertEntities(tx: Tx, loadId: string, entities: readonly AmlEntity[]): Promise<number> {
  let added = 0;
  for (let start = 0; start < entities.length; start += BATCH) {
    // A file may repeat an id (OFAC aliases of one entry): the last one wins, as in applyEntityOps.
    const batch = [...new Map(entities.slice(start, start + BATCH).map((e) => [e.id, e])).values()];
    const rows = await tx
      .insertInto("aml_entities")
      .values(
        batch.map((entity) => ({
          id: entity.id,
          source: entity.source || "unknown",
          data: JSON.stringify(entity),
          load_id: loadId,
        })),
      )
      .onConflict((oc) =>
        oc.column("id").doUpdateSet({
          source: sql`excluded.source`,
          data: sql`excluded.data`,
          load_id: sql`excluded.load_id`,
          last_seen: sql`now()`,
          updated_at: sql`now()`,
        }),
      )
      // xmax = 0 only on a freshly inserted row: tells an ADD from a replacement in the load summary.
      .returning(sql<boolean>`(xmax = 0)`.as("inserted"))
      .execute();
    added += rows.filter((row) => row.inserted).length;
  }
  return added;
}

/**
 * Stores one list file in one transaction. A full list (OFAC CSV, UN XML, FtM entities) replaces its
 * source(s): entries of the same source that the file no longer carries are removed (delisted). A delta
 * applies its ADD/MOD/DEL operations in order.
 */
export async function storeAmlListFile(
  db: Db,
  text: string,
  options: { file?: string; source?: string } = {},
): Promise<StoredListLoad> {
  const parsed = parseAmlFile(text, { source: options.source });
  return storeParsedList(db, parsed, {
    file: options.file,
    source: options.source,
    state: { origin: "file" },
  });
}

/**
 * Stores parsed list data and each of its sources' state (origin, age, ETag…) in one transaction: a
 * failure anywhere leaves the lists as they were.
 */
export async function storeParsedList(
  db: Queryable,
  parsed: ParsedAmlFile,
  options: { file?: string; source?: string; state: ListState },
): Promise<StoredListLoad> {
  return withTransaction(db, async (tx) => {
    const load = await tx
      .insertInto("aml_list_loads")
      .values({ source: "", format: parsed.format, file_name: options.file ?? null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const summary: StoredListLoad = {
      load_id: load.id,
      file: options.file ?? null,
      format: parsed.format,
      sources: [],
      entity_count: 0,
      added: 0,
      modified: 0,
      deleted: 0,
    };
    if (parsed.format === "ftm_delta") {
      const sources = new Set<string>();
      // Consecutive upserts are batched; a DEL flushes them so the order of operations is kept.
      let pending: AmlEntity[] = [];
      const flush = async () => {
        if (pending.length === 0) return;
        const added = await upsertEntities(tx, load.id, pending);
        summary.added += added;
        summary.modified += pending.length - added;
        pending = [];
      };
      for (const { op, entity } of parsed.ops) {
        if (entity.source) sources.add(entity.source);
        if (op === "DEL") {
          await flush();
          const removed = await tx.deleteFrom("aml_entities").where("id", "=", entity.id).executeTakeFirst();
          summary.deleted += Number(removed.numDeletedRows);
        } else {
          pending.push(entity);
        }
      }
      await flush();
      summary.sources = [...sources].sort();
      summary.entity_count = parsed.ops.length;
    } else {
      const sources = [...new Set(parsed.entities.map((entity) => entity.source || "unknown"))].sort();
      summary.added = await upsertEntities(tx, load.id, parsed.entities);
      summary.entity_count = new Set(parsed.entities.map((entity) => entity.id)).size;
      summary.modified = summary.entity_count - summary.added;
      if (sources.length > 0) {
        const removed = await tx
          .deleteFrom("aml_entities")
          .where("source", "in", sources)
          .where((eb) => eb.or([eb("load_id", "is", null), eb("load_id", "<>", load.id)]))
          .executeTakeFirst();
        summary.deleted = Number(removed.numDeletedRows);
      }
      summary.sources = sources;
    }
    await tx
      .updateTable("aml_list_loads")
      .set({
        source: summary.sources.join(",") || options.source || "",
        entity_count: summary.entity_count,
        added: summary.added,
        modified: summary.modified,
        deleted: summary.deleted,
      })
      .where("id", "=", load.id)
      .execute();
    if (parsed.format !== "ftm_delta" || summary.sources.length > 0) {
      await writeListStates(tx, summary.sources, options.state);
    }
    return summary;
  });
}

// Small enough that one page's query and row parsing (tens of ms on PGlite) never holds the only embedded
// connection for long: a start's background read lets /healthz and requests through between pages.
const AML_READ_PAGE = 1000;

/** Every stored entity, read in pages (keyset on id) so a large list never needs one huge result. */
export async function readAmlEntities(db: Queryable): Promise<AmlEntity[]> {
  const entities: AmlEntity[] = [];
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom("aml_entities")
      .select(["id", "data"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(AML_READ_PAGE)
      .execute();
    for (const row of rows) entities.push(row.data);
    if (rows.length < AML_READ_PAGE) return entities;
    after = rows[rows.length - 1]!.id;
  }
}

/** The newest load's id (null before any): nodes compare it to know when to rebuild their index. */
export async function latestListLoadId(db: Queryable): Promise<string | null> {
  const row = await db
    .selectFrom("aml_list_loads")
    .select("id")
    .orderBy("loaded_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export interface AmlListCounts {
  sources: { source: string; entities: number; last_loaded_at: string | null }[];
  total: number;
}

export async function countAmlEntities(db: Queryable): Promise<AmlListCounts> {
  const rows = await db
    .selectFrom("aml_entities")
    .select(["source", sql<number>`count(*)::int`.as("entities"), sql<Date>`max(updated_at)`.as("last")])
    .groupBy("source")
    .orderBy("source")
    .execute();
  return {
    sources: rows.map((row) => ({
      source: row.source,
      entities: row.entities,
      last_loaded_at: row.last ? new Date(row.last).toISOString() : null,
    })),
    total: rows.reduce((sum, row) => sum + row.entities, 0),
  };
}
