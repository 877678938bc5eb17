// `kyc aml load FILE…`, `kyc aml sync [SOURCE…] [--url URL]`, `kyc aml sources`,
// `kyc aml compare NAME1 NAME2 [--schema S]`, `kyc aml status` (design: Operator CLI).
// On the embedded database these run inside the server (admin socket), so a load rebuilds that server's
// index at once; other nodes on a shared PostgreSQL server notice the new aml_list_loads row themselves.
import { readFile } from "node:fs/promises";
import { basename, resolve } from "node:path";
import { countAmlEntities, storeAmlListFile } from "../engines/aml/aml-store.js";
import { amlIndexStatus, isAmlIndexKept, syncAmlIndex } from "../engines/aml/aml-store-sync.js";
import { compareNames } from "../engines/aml/compare-names.js";
import { describeSource, listSources } from "../engines/aml/list-sources.js";
import { readListAges } from "../engines/aml/list-state.js";
import { type SyncOutcome, syncLists } from "../engines/aml/sync-lists.js";
import type { CommandTable } from "../platform/commands/command-table.js";
import { AppError } from "../platform/errors.js";
import type { Services } from "../services.js";
import { setAmlThreshold } from "../tools/tenant-aml-threshold.js";

const NOT_KEPT = "not kept by this process (serving nodes rebuild from the stored lists)";

/** Stores each file (one transaction per file), then rebuilds this process's index once. */
export async function loadAmlLists(services: Services, files: string[]) {
  if (files.length === 0)
    throw new AppError("validation_failed", { message: "Name at least one list file." });
  const loads = [];
  for (const file of files) {
    const path = resolve(file);
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      throw new AppError("validation_failed", {
        message: `Cannot read ${file}: ${(error as Error).message}`,
      });
    }
    try {
      loads.push(await storeAmlListFile(services.db, text, { file: basename(path) }));
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError("validation_failed", { message: `${file}: ${(error as Error).message}` });
    }
  }
  // A bare CLI process against a PostgreSQL server keeps no index: the serving nodes pick the load up.
  if (!isAmlIndexKept(services)) return { loads, index_rebuilt: false, index: NOT_KEPT };
  const rebuilt = await syncAmlIndex(services);
  return { loads, index_rebuilt: rebuilt, index: await amlIndexStatus(services) };
}

/** `kyc aml sync [SOURCE…] [--url URL]`: downloads and stores lists, then rebuilds this process's index. */
export async function syncAmlLists(services: Services, keys: string[], url?: string) {
  if (url && keys.length !== 1) {
    throw new AppError("validation_failed", { message: "--url needs exactly one SOURCE." });
  }
  let outcomes: SyncOutcome[];
  try {
    outcomes = await syncLists(services, keys, { url });
  } catch (error) {
    throw new AppError("validation_failed", { message: (error as Error).message });
  }
  const changed = outcomes.some((outcome) => outcome.status === "loaded");
  if (!isAmlIndexKept(services)) return { outcomes, index_rebuilt: false, index: NOT_KEPT };
  const rebuilt = changed ? await syncAmlIndex(services) : false;
  return { outcomes, index_rebuilt: rebuilt, index: await amlIndexStatus(services) };
}

export const amlCommands: CommandTable<Services> = {
  "aml load": async (services, command) => loadAmlLists(services, command.positionals),
  "aml sync": async (services, command) =>
    syncAmlLists(
      services,
      command.positionals,
      typeof command.flags.url === "string" ? command.flags.url : undefined,
    ),
  // `kyc aml threshold T 0.x` sets the tenant's default; `kyc aml threshold T default` clears it.
  "aml threshold": async (services, command) => {
    const [tenantId, value] = command.positionals;
    if (!tenantId || !value) {
      throw new AppError("validation_failed", {
        message: "Usage: kyc aml threshold TENANT_ID 0.5..1|default",
      });
    }
    const threshold = value === "default" ? null : Number(value);
    return { tenant_id: tenantId, aml_threshold: await setAmlThreshold(services.db, tenantId, threshold) };
  },
  "aml sources": async (services) => listSources({ ftmUrl: services.config.amlFtmUrl }).map(describeSource),
  "aml compare": async (_services, command) => {
    const [a, b] = command.positionals;
    if (!a || !b) throw new AppError("validation_failed", { message: "Usage: kyc aml compare NAME1 NAME2" });
    const schema = typeof command.flags.schema === "string" ? command.flags.schema : "Person";
    const { score, explanation } = compareNames(a, b, { schema });
    return { score, schema, explanation };
  },
  "aml status": async (services) => {
    const counts = await countAmlEntities(services.db);
    return {
      entities: counts.total,
      sources: counts.sources,
      max_list_age_hours: services.config.amlMaxListAgeHours,
      // Per list: origin (snapshot|sync|file), as_of, age_hours, stale, ETag/Last-Modified, last error.
      lists: await readListAges(services.db, services.config.amlMaxListAgeHours),
      index: isAmlIndexKept(services) ? await amlIndexStatus(services) : NOT_KEPT,
    };
  },
};
