// No call stays wedged after a crash or a closed laptop: an open call whose applicant has not been seen
// (their signalling socket refreshes applicant_seen_at) for VIDEO_PRESENCE_TIMEOUT_S is abandoned, and a
// recording still incomplete VIDEO_RECORDING_TIMEOUT_S after its call ended is failed.
import { sql } from "kysely";
import { z } from "zod";
import { withTransaction } from "../../platform/db/transaction.js";
import { defineJob } from "../../platform/jobs/catalog.js";
import type { Services } from "../../services.js";
import { failStaleRecordings } from "./call-evidence.js";
import { abandonCall } from "./video-calls.js";

export async function abandonLostCalls(services: Services): Promise<string[]> {
  const lost = await services.db
    .selectFrom("video_calls")
    .select(["id", "tenant_id"])
    .where("status", "in", ["waiting", "ringing", "active"])
    .where(
      "applicant_seen_at",
      "<",
      sql<Date>`now() - make_interval(secs => ${services.config.video.presenceTimeoutS})`,
    )
    .limit(500)
    .execute();
  const abandoned: string[] = [];
  for (const call of lost) {
    const moved = await withTransaction(services.db, (tx) =>
      abandonCall(
        tx,
        { tenantId: call.tenant_id, callId: call.id },
        "applicant_lost",
        services.hooks.sessionStatusChanged,
      ),
    );
    if (moved) abandoned.push(call.id);
  }
  return abandoned;
}

export const sweepVideoCallsJob = defineJob({
  name: "video-calls.sweep",
  payload: z.object({}).passthrough(),
  timeoutMs: 60_000,
  maxAttempts: 3,
  cron: { everyMs: 15_000 },
  async run(_payload, services: Services) {
    await abandonLostCalls(services);
    await failStaleRecordings(services);
  },
});
