// The AML section of /healthz and `kyc aml status`: whether this node can screen, and each stored list's
// age (issue 14), so a monitor can alert on a list that stopped refreshing.

import { DEFAULT_MAX_LIST_AGE_HOURS } from "./aml-engine.js";
import type { AmlSyncServices } from "./aml-store-sync.js";
import { amlIndexStatus } from "./aml-store-sync.js";
import { readListAges } from "./list-state.js";

export async function amlHealth(services: AmlSyncServices) {
  const maxAge = services.config?.amlMaxListAgeHours ?? DEFAULT_MAX_LIST_AGE_HOURS;
  const [index, lists] = await Promise.all([amlIndexStatus(services), readListAges(services.db, maxAge)]);
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
