// The decision as a durable job (one per session): finishing claims the session (`stage: processing`) and
// enqueues `verify.decide-session` in one transaction, then runs that job inline under its lease. If the
// process dies mid-decision the lease lapses and a worker (or the applicant's retry of finish) runs it
// again, so a crash can delay a decision but never wedge the session.
import { z } from "zod";
import { withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { defineJob } from "../../platform/jobs/catalog.js";
import { enqueueJob } from "../../platform/jobs/queue.js";
import { DEFAULT_JOB_LEASE_MS } from "../../platform/jobs/run-claimed-job.js";
import type { Services } from "../../services.js";
import { runDecision } from "./run-decision.js";

export const DECIDE_SESSION_JOB = "verify.decide-session";

export const decideSessionJob = defineJob({
  name: DECIDE_SESSION_JOB,
  payload: z.object({ tenantId: z.string().uuid(), sessionId: z.string().uuid() }),
  timeoutMs: 5 * 60_000,
  maxAttempts: 5,
  backoffMs: (attempt) => 5_000 * attempt,
  async run({ tenantId, sessionId }, services: Services) {
    await runDecision(services, tenantId, sessionId);
  },
});

/**
 * Claims the session's decision and returns the id of the job that makes it. A session already being
 * decided keeps its live job (a second finish joins it); one whose decision job is gone (failed for good,
 * or left by a version that had no job) is claimed afresh.
 */
export async function requestDecision(
  services: Services,
  tenantId: string,
  sessionId: string,
): Promise<string> {
  return withTransaction(services.db, async (tx) => {
    const session = await tx
      .selectFrom("sessions")
      .select(["status", "stage"])
      .where("tenant_id", "=", tenantId)
      .where("id", "=", sessionId)
      .where("deleted_at", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (session?.status !== "in_progress") {
      throw new AppError("session_closed", { detail: "The session is not awaiting a decision." });
    }
    const live = await tx
      .selectFrom("jobs")
      .select("id")
      .where("name", "=", DECIDE_SESSION_JOB)
      .where("dedupe_key", "=", sessionId)
      .where("status", "in", ["queued", "running"])
      .executeTakeFirst();
    if (session.stage !== "processing") {
      await tx.updateTable("sessions").set({ stage: "processing" }).where("id", "=", sessionId).execute();
    }
    if (live) return String(live.id);
    // Not due before a lease has passed: the finishing request claims it at once and runs it itself;
    // the workers only pick it up if that request's process dies first.
    const id = await enqueueJob(
      tx,
      DECIDE_SESSION_JOB,
      { tenantId, sessionId },
      { dedupeKey: sessionId, maxAttempts: decideSessionJob.maxAttempts, delayMs: DEFAULT_JOB_LEASE_MS },
    );
    return id!;
  });
}
