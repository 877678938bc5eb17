import { claimJobById } from "../../platform/jobs/queue.js";
import { DEFAULT_JOB_LEASE_MS, runClaimedJob } from "../../platform/jobs/run-claimed-job.js";
import type { Services } from "../../services.js";
import { decideSessionJob, requestDecision } from "./decide-session-job.js";

const POLL_MS = 200;
/** Longer than a lease, so a run whose process died is taken over rather than given up on. */
const WAIT_MS = 2 * DEFAULT_JOB_LEASE_MS + 5_000;

export async function decideSession(services: Services, tenantId: string, sessionId: string): Promise<void> {
  const jobId = await requestDecision(services, tenantId, sessionId);
  const log = services.log.child({ component: "decision", sessionId });
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const job = await claimJobById(services.db, jobId, DEFAULT_JOB_LEASE_MS);
    if (job) {
      const ran = await runClaimedJob(services, decideSessionJob, job, { log });
      if (!ran.ok) throw ran.error;
      return;
    }
    if ((await decisionSettled(services, sessionId)) || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Decided, or given back to the applicant (a refused run resets the stage). */
async function decisionSettled(services: Services, sessionId: string): Promise<boolean> {
  const row = await services.db
    .selectFrom("sessions")
    .select(["status", "stage"])
    .where("id", "=", sessionId)
    .executeTakeFirst();
  return row?.status !== "in_progress" || row.stage !== "processing";
}
