// The AML section of /healthz and `kyc aml status`: whether this node can screen, and each stored list's
// age (issue 14), so a monitor can alert on a list that stopped refreshing.

import { DEFAULT_MAX_LIST_AGE_HOURS } from "./aml-engine.js";
import type { AmlSyncServices } from "./aml-store-sync.js";
import { amlIndexStatus } from "./aml-store-sync.js";
import { readListAges } from "./list-state.js";

type ListAges = Awaited<ReturnType<typeof readListAges>>;

/**
 * For /healthz, which load balancers poll every few seconds: the per-list ages (a count over every stored
 * entity) are read at most once per `ttlMs`; the index's readiness is always current.
 */
export function cachedAmlHealth(services: AmlSyncServices, ttlMs = 15_000) {
  let cached: { at: number; lists: Promise<ListAges> } | null = null;
  return () => {
    const now = Date.now();
    if (!cached || now - cached.at > ttlMs) {
      const lists = readListAges(services.db, maxAgeOf(services));
      lists.catch(() => (cached = null));
      cached = { at: now, lists };
    }
    return amlHealth(services, cached.lists);
  };
}

function maxAgeOf(services: AmlSyncServices): number {
  return services.config?.amlMaxListAgeHours ?? DEFAULT_MAX_LIST_AGE_HOURS;
}

export async function amlHealth(services: AmlSyncServices, listAges?: Promise<ListAges>) {
  const maxAge = maxAgeOf(services);
  const [index, lists] = await Promise.all([
    amlIndexStatus(services),
    listAges ?? readListAges(services.db, maxAge),
  ]);
  return {
    ready: index.ready,
    provider: index.provider,
    indexed_entities: index.indexed_entities,
    max_list_age_hours: maxAge,
    stale: lists.some((list) => list.stale),
    lists: lists.map((list) => ({
      source: list.source,
      origin: list.origin,
      entities: list.entities,
      as_of: list.as_of,
      age_hours: list.age_hours,
      stale: list.stale,
    })),
  };
}
