// `kyc aml sync [SOURCE…]` and the daily job (issue 14): downloads each list from its registry URL through
// the SSRF-safe client with a conditional request (If-None-Match / If-Modified-Since), validates it (whole
// body, parses, plausible size), and stores it in one transaction. Anything short of a valid list leaves
// the stored data as it was and records the error on the list's state; an unchanged list (304) only
// becomes fresh again.
import { gunzipSync } from "node:zlib";
import type { Logger } from "pino";
import type { Queryable } from "../../platform/db/transaction.js";
import { downloadFile } from "../../platform/net/download-file.js";
import { storeParsedList } from "./aml-store.js";
import { type ListSource, listSources } from "./list-sources.js";
import { recordListCheck } from "./list-state.js";

/** Official lists are a few MB; an FtM export can be large. */
const MAX_BYTES = 1024 * 1024 * 1024;
const TIMEOUT_MS = 60_000;

export interface SyncServices {
  db: Queryable;
  log: Logger;
  config: { allowPrivateTargets: boolean; amlFtmUrl?: string };
}

export type SyncOutcome =
  | {
      source: string;
      status: "loaded";
      entities: number;
      added: number;
      deleted: number;
      version: string | null;
    }
  | { source: string; status: "unchanged" }
  | { source: string; status: "failed"; error: string };

interface PreviousState {
  url: string | null;
  etag: string | null;
  last_modified: string | null;
  sources: string[];
  entities: number;
}

async function previousState(db: Queryable, key: string): Promise<PreviousState> {
  const rows = await db
    .selectFrom("aml_list_sources")
    .select(["source", "url", "etag", "last_modified", "entity_count"])
    .where("registry_key", "=", key)
    .where("origin", "=", "sync")
    .execute();
  return {
    url: rows[0]?.url ?? null,
    etag: rows[0]?.etag ?? null,
    last_modified: rows[0]?.last_modified ?? null,
    sources: rows.map((row) => row.source),
    entities: rows.reduce((sum, row) => sum + row.entity_count, 0),
  };
}

function decode(body: Buffer, url: string): string {
  const gzipped = body[0] === 0x1f && body[1] === 0x8b;
  if (gzipped || url.endsWith(".gz")) return gunzipSync(body).toString("utf8");
  return body.toString("utf8");
}

/** The version a list states about itself (UN dateGenerated), else the server's Last-Modified. */
function versionOf(text: string, lastModified: string | null): string | null {
  const generated = /dateGenerated="([^"]+)"/.exec(text.slice(0, 2000))?.[1];
  return generated ?? lastModified;
}

export async function syncListSource(
  services: SyncServices,
  source: ListSource,
  options: { url?: string } = {},
): Promise<SyncOutcome> {
  const url = options.url ?? source.url;
  const previous = await previousState(services.db, source.key);
  const failed = async (error: string): Promise<SyncOutcome> => {
    for (const dataset of previous.sources) await recordListCheck(services.db, dataset, { error });
    services.log.warn({ source: source.key, err: error }, "AML list sync failed; the stored list is kept");
    return { source: source.key, status: "failed", error };
  };
  if (!url) return failed(`${source.key} has no URL configured`);
  // Conditional headers only when the stored data came from this very URL's last download.
  const headers: Record<string, string> = {};
  if (previous.sources.length > 0 && previous.url === url) {
    if (previous.etag) headers["if-none-match"] = previous.etag;
    if (previous.last_modified) headers["if-modified-since"] = previous.last_modified;
  }
  let text: string;
  let etag: string | null;
  let lastModified: string | null;
  try {
    const download = await downloadFile(url, {
      allowPrivate: services.config.allowPrivateTargets,
      headers,
      maxBytes: MAX_BYTES,
      timeoutMs: TIMEOUT_MS,
    });
    if (download.status === 304) {
      for (const dataset of previous.sources)
        await recordListCheck(services.db, dataset, { unchanged: true });
      return { source: source.key, status: "unchanged" };
    }
    text = decode(download.body, download.url);
    etag = typeof download.headers.etag === "string" ? download.headers.etag : null;
    lastModified = download.headers["last-modified"] ?? null;
  } catch (error) {
    return failed((error as Error).message);
  }
  let entities: ReturnType<NonNullable<ListSource["parse"]>>;
  try {
    entities = source.parse(text);
  } catch (error) {
    return failed(`not a valid ${source.format} file: ${(error as Error).message}`);
  }
  // A list that shrinks below its floor, or to under half of what is stored, is more likely a truncated
  // or wrong file than a mass delisting: refused, for a person to look at.
  if (entities.length < source.minEntities) {
    return failed(`only ${entities.length} entities (at least ${source.minEntities} expected)`);
  }
  if (previous.entities > 0 && entities.length < previous.entities / 2) {
    return failed(`only ${entities.length} entities where ${previous.entities} are stored`);
  }
  const version = versionOf(text, lastModified);
  try {
    const stored = await storeParsedList(
      services.db,
      {
        format:
          source.format === "un_xml"
            ? "un_consolidated_xml"
            : source.format === "ofac_csv"
              ? "ofac_sdn_csv"
              : "ftm_entities",
        entities,
      },
      {
        file: url,
        state: {
          origin: "sync",
          registryKey: source.key,
          url,
          version: version ?? undefined,
          etag,
          lastModified,
        },
      },
    );
    return {
      source: source.key,
      status: "loaded",
      entities: stored.entity_count,
      added: stored.added,
      deleted: stored.deleted,
      version,
    };
  } catch (error) {
    return failed(`could not be stored: ${(error as Error).message}`);
  }
}

/** Syncs the named sources (default: the registry's default ones), one after another. */
export async function syncLists(
  services: SyncServices,
  keys: readonly string[] = [],
  options: { url?: string } = {},
): Promise<SyncOutcome[]> {
  const registry = listSources({ ftmUrl: services.config.amlFtmUrl });
  const unknown = keys.filter((key) => !registry.some((source) => source.key === key));
  if (unknown.length > 0) {
    throw new Error(
      `unknown list source ${unknown.join(", ")} (known: ${registry.map((s) => s.key).join(", ")})`,
    );
  }
  const chosen =
    keys.length > 0 ? registry.filter((s) => keys.includes(s.key)) : registry.filter((s) => s.byDefault);
  const outcomes: SyncOutcome[] = [];
  for (const source of chosen) outcomes.push(await syncListSource(services, source, options));
  return outcomes;
}
