// spec: Limits — liveness challenges are deleted one day after they expire.
import { z } from "zod";
import { defineJob } from "../../platform/jobs/catalog.js";
import { sweepExpiredChallenges } from "./challenges.js";

export const sweepLivenessChallengesJob = defineJob({
  name: "liveness.sweep-challenges",
  payload: z.object({}).passthrough(),
  timeoutMs: 60_000,
  maxAttempts: 3,
  cron: { everyMs: 3_600_000 },
  async run(_payload, services) {
    await sweepExpiredChallenges(services.db);
  },
});
