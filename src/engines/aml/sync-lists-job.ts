// The daily list refresh (issue 14): `kyc aml sync` for the registry's default sources, then a rebuild of
// this process's index when anything changed. Off with AML_SYNC_DAILY=off (and by default under test, so
// no test downloads anything).
import { z } from "zod";
import { defineJob } from "../../platform/jobs/catalog.js";
import type { Services } from "../../services.js";
import { isAmlIndexKept, syncAmlIndex } from "./aml-store-sync.js";
import { syncLists } from "./sync-lists.js";

export const amlSyncJob = defineJob({
  name: "aml.sync",
  payload: z.object({}).passthrough(),
  timeoutMs: 30 * 60_000,
  maxAttempts: 2,
  cron: { everyMs: 24 * 3_600_000 },
  async run(_payload, services: Services) {
    if (!services.config.amlSyncDaily || services.config.amlProvider !== "builtin") return;
    const outcomes = await syncLists(services);
    services.log.info({ outcomes }, "AML daily list sync done");
    if (outcomes.some((outcome) => outcome.status === "loaded") && isAmlIndexKept(services)) {
      await syncAmlIndex(services);
    }
  },
});
