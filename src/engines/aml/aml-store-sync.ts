// Keeps a node's in-memory AML index in step with the lists stored in PostgreSQL (design: each node builds
// its own index). The build runs in the background at start (aml-check answers 503 screening_unavailable
// until it is ready), again right after `kyc aml load` in this process, and — when several nodes share a
// PostgreSQL server — whenever a cheap periodic check sees a newer aml_list_loads row.
import type { Logger } from "pino";
import type { Config } from "../../config.js";
import type { Queryable } from "../../platform/db/transaction.js";
import type { AmlEngine, MemoryAmlEngine } from "./aml-engine.js";
import { createMemoryAmlEngine, DEFAULT_MAX_LIST_AGE_HOURS } from "./aml-engine.js";
import { latestListLoadId, readAmlEntities } from "./aml-store.js";
import { buildIndexYielding } from "./candidate-index.js";
import { readListAges } from "./list-state.js";
import { loadSnapshotIfEmpty } from "./load-snapshot.js";
import { createYenteEngine } from "./yente-engine.js";

/** How often a node on a shared PostgreSQL server looks for a newer list load (AML_RELOAD_CHECK_MS). */
export const AML_SYNC_INTERVAL_MS = 60_000;

interface SyncState {
  /** The load the current index was built from ("" = built from an empty table). */
  builtFrom: string | null;
  /** Builds run one after another: a load during a build triggers one more. */
  chain: Promise<boolean>;
  building: boolean;
}

const states = new WeakMap<AmlEngine, SyncState>();

export interface AmlSyncServices {
  db: Queryable;
  log: Logger;
  engines: { aml(): AmlEngine };
  config?: Pick<Config, "amlSnapshot" | "amlMaxListAgeHours"> & Partial<Pick<Config, "amlReloadCheckMs">>;
}

/** The configured engine: the built-in index (filled from the database) or a yente server. */
export function createConfiguredAmlEngine(config: Config): AmlEngine {
  if (config.amlProvider === "yente") {
    if (!config.yenteUrl) throw new Error("AML_PROVIDER=yente needs YENTE_URL");
    return createYenteEngine(config.yenteUrl, { dataset: config.yenteDataset });
  }
  return createMemoryAmlEngine(null, { maxListAgeHours: config.amlMaxListAgeHours });
}

function isMemoryEngine(engine: AmlEngine): engine is MemoryAmlEngine {
  return typeof (engine as Partial<MemoryAmlEngine>).replaceEntities === "function";
}

function stateOf(engine: AmlEngine): SyncState {
  let state = states.get(engine);
  if (!state) {
    state = { builtFrom: null, chain: Promise.resolve(false), building: false };
    states.set(engine, state);
  }
  return state;
}

async function rebuildIfChanged(services: AmlSyncServices, engine: MemoryAmlEngine): Promise<boolean> {
  const state = stateOf(engine);
  const latest = (await latestListLoadId(services.db)) ?? "";
  if (latest === state.builtFrom) return false;
  state.building = true;
  try {
    const started = Date.now();
    const entities = await readAmlEntities(services.db);
    const read = Date.now();
    // An empty table leaves the engine unready: aml-check keeps answering 503 until a list is loaded.
    // Built in slices: requests keep being answered while a start or a reload builds the index.
    if (entities.length > 0 || engine.currentIndex()) engine.replaceIndex(await buildIndexYielding(entities));
    const maxAge = services.config?.amlMaxListAgeHours ?? DEFAULT_MAX_LIST_AGE_HOURS;
    const ages = await readListAges(services.db, maxAge);
    engine.setListDates(ages);
    state.builtFrom = latest;
    services.log.info(
      { entities: entities.length, read_ms: read - started, build_ms: Date.now() - read },
      "AML index built from the stored lists",
    );
    for (const list of ages.filter((age) => age.stale)) {
      services.log.warn(
        { source: list.source, origin: list.origin, as_of: list.as_of, age_hours: list.age_hours },
        `AML list ${list.source} is ${Math.round(list.age_hours / 24)} days old (limit ${maxAge} h): ` +
          "results carry aml_lists_stale until `kyc aml sync` refreshes it",
      );
    }
    return true;
  } finally {
    state.building = false;
  }
}

/**
 * Rebuilds this node's index when the stored lists changed since it was built; resolves true when it
 * rebuilt. Calls are serialised. A no-op for the yente provider (the server holds its own index).
 */
export function syncAmlIndex(services: AmlSyncServices): Promise<boolean> {
  const engine = services.engines.aml();
  if (!isMemoryEngine(engine)) return Promise.resolve(false);
  const state = stateOf(engine);
  const run = () => rebuildIfChanged(services, engine);
  state.chain = state.chain.then(run, run);
  return state.chain;
}

/** True once this process has started keeping the index (the server and workers do; a bare CLI does not). */
export function isAmlIndexKept(services: AmlSyncServices): boolean {
  return states.has(services.engines.aml());
}

export interface AmlIndexStatus {
  provider: "builtin" | "yente";
  ready: boolean;
  building: boolean;
  indexed_entities: number;
}

export async function amlIndexStatus(services: AmlSyncServices): Promise<AmlIndexStatus> {
  const engine = services.engines.aml();
  const memory = isMemoryEngine(engine);
  const ready = await engine.isReady();
  return {
    provider: memory ? "builtin" : "yente",
    ready,
    building: memory ? (states.get(engine)?.building ?? false) : false,
    indexed_entities: ready ? await engine.entityCount().catch(() => 0) : 0,
  };
}

/**
 * Starts keeping the index: a background build now, and with `periodic` (several nodes on one
 * PostgreSQL server) a check of the newest load every AML_RELOAD_CHECK_MS (default AML_SYNC_INTERVAL_MS). Returns a stop function.
 */
export function startAmlIndexSync(services: AmlSyncServices, options: { periodic: boolean }): () => void {
  const engine = services.engines.aml();
  if (!isMemoryEngine(engine)) return () => {};
  stateOf(engine);
  const sync = () =>
    syncAmlIndex(services).catch((error: unknown) =>
      services.log.warn({ err: (error as Error).message }, "AML index build failed"),
    );
  // First start: the shipped snapshot is stored before the first build, so the build finds it.
  const first = services.config?.amlSnapshot
    ? loadSnapshotIfEmpty(services.db, services.log).catch((error: unknown) =>
        services.log.error({ err: (error as Error).message }, "AML snapshot could not be loaded"),
      )
    : Promise.resolve();
  void first.then(sync);
  if (!options.periodic) return () => {};
  const timer = setInterval(sync, services.config?.amlReloadCheckMs ?? AML_SYNC_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
