// Session sweeps on the database clock: lapsed `not_started` links expire (with their signed event), and
// idempotency records older than 24 hours are dropped (design: idempotency keys live 24 h).
import { sql } from "kysely";
import { z } from "zod";
import { withTransaction } from "../../platform/db/transaction.js";
import { defineJob } from "../../platform/jobs/catalog.js";
import type { Services } from "../../services.js";
import { transitionSession } from "./transition-session.js";

export async function expireLapsedSessions(services: Services, batch = 500): Promise<number> {
  const due = await services.db
    .selectFrom("sessions")
    .select(["id", "tenant_id"])
    .where("status", "=", "not_started")
    .where("deleted_at", "is", null)
    .where("expires_at", "<=", sql<Date>`now()`)
    .orderBy("expires_at")
    .limit(batch)
    .execute();
  for (const session of due) {
    await withTransaction(services.db, async (tx) => {
      // Re-checked under the row lock inside transitionSession: an applicant who opened it meanwhile wins.
      const still = await tx
        .selectFrom("sessions")
        .select("id")
        .where("id", "=", session.id)
        .where("status", "=", "not_started")
        .forUpdate()
        .executeTakeFirst();
      if (still)
        await transitionSession(tx, session.tenant_id, session.id, "expired", { reason: "link_expired" });
    });
  }
  return due.length;
}

export const expireSessionsJob = defineJob({
  name: "sessions.expire",
  payload: z.object({}).passthrough(),
  timeoutMs: 5 * 60_000,
  maxAttempts: 3,
  cron: { everyMs: 60_000 },
  async run(_payload, services) {
    while ((await expireLapsedSessions(services)) === 500) {
      // keep going until the backlog is gone
    }
  },
});

export const pruneIdempotencyKeysJob = defineJob({
  name: "sessions.prune-idempotency-keys",
  payload: z.object({}).passthrough(),
  timeoutMs: 60_000,
  maxAttempts: 3,
  cron: { everyMs: 3_600_000 },
  async run(_payload, services) {
    await services.db
      .deleteFrom("idempotency_keys")
      .where("created_at", "<", sql<Date>`now() - interval '24 hours'`)
      .execute();
  },
});

export const sessionJobs = [expireSessionsJob, pruneIdempotencyKeysJob];
