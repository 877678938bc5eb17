// First start (issue 14): when the database holds no list, the dated public-domain OFAC + UN snapshot
// shipped in lists/ is stored (one transaction), so a fresh install screens against something without any
// command. Its age is shouted in the log at every start until `kyc aml sync` replaces it.
import type { Logger } from "pino";
import type { Queryable } from "../../platform/db/transaction.js";
import { storeParsedList } from "./aml-store.js";
import { readSnapshot, SNAPSHOT_PATH } from "./list-snapshot.js";

export interface SnapshotLoad {
  loaded: boolean;
  entities: number;
  lists: { source: string; list_date: string }[];
  ms: number;
}

async function holdsAnyList(db: Queryable): Promise<boolean> {
  const row = await db.selectFrom("aml_entities").select("id").limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Stores the shipped snapshot when no list is stored; a no-op otherwise. */
export async function loadSnapshotIfEmpty(
  db: Queryable,
  log: Logger,
  path = SNAPSHOT_PATH,
): Promise<SnapshotLoad> {
  const started = performance.now();
  if (await holdsAnyList(db)) return { loaded: false, entities: 0, lists: [], ms: 0 };
  const snapshot = await readSnapshot(path);
  const perSource = Object.fromEntries(
    snapshot.header.lists.map((list) => [
      list.source,
      { asOf: new Date(`${list.list_date}T00:00:00Z`), url: list.url, version: list.list_date },
    ]),
  );
  await storeParsedList(
    db,
    { format: "aml_snapshot", entities: snapshot.entities },
    { file: "lists/aml-snapshot.jsonl.gz", state: { origin: "snapshot", perSource } },
  );
  const lists = snapshot.header.lists.map((list) => ({ source: list.source, list_date: list.list_date }));
  const ms = Math.round(performance.now() - started);
  log.warn(
    { lists, entities: snapshot.entities.length, ms },
    "AML: no list was stored, so the snapshot shipped with this release was loaded. It is OLD " +
      `(${lists.map((list) => `${list.source} of ${list.list_date}`).join(", ")}): ` +
      "run `kyc aml sync` to download the current official lists.",
  );
  return { loaded: true, entities: snapshot.entities.length, lists, ms };
}
