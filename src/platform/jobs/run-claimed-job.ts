// Runs one claimed job under its lease: a heartbeat renews the short lease while the handler runs, so a
// dead worker's jobs come back within a lease (plus one housekeeping pass) instead of after the longest
// job timeout; then the job is completed, or failed with its backoff. Used by the worker loop and by
// callers that run a job inline (the applicant's finish) and must still survive their own crash.
import type { Logger } from "pino";
import { type AnyJob, defaultBackoffMs, type JobContext } from "./catalog.js";
import { type ClaimedJob, completeJob, failJob, type JobLease, renewJobLease } from "./queue.js";

/** How long a claim holds without a heartbeat: a crashed worker's job is free again after this. */
export const DEFAULT_JOB_LEASE_MS = 30_000;

export interface RunJobOptions {
  leaseMs?: number;
  log: Logger;
}

/** Renews the lease every third of it until stopped; logs once if the lease was lost. */
export function startHeartbeat(
  services: Pick<JobContext, "db">,
  lease: JobLease & { name: string },
  leaseMs: number,
  log: Logger,
): { stop(): void } {
  let lost = false;
  const timer = setInterval(
    () => {
      renewJobLease(services.db, lease, leaseMs).then(
        (held) => {
          if (!held && !lost) {
            lost = true;
            log.warn({ job: lease.name, id: lease.id }, "job lease lost: another worker may run it again");
          }
        },
        (error: unknown) =>
          log.warn({ job: lease.name, id: lease.id, err: String(error) }, "job heartbeat failed"),
      );
    },
    Math.max(10, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** Runs the handler; resolves once the job's row says completed or (re)queued/failed. Throws nothing. */
export async function runClaimedJob<C extends JobContext>(
  services: C,
  definition: AnyJob<C>,
  job: ClaimedJob,
  options: RunJobOptions,
): Promise<{ ok: true } | { ok: false; error: unknown }> {
  const leaseMs = options.leaseMs ?? DEFAULT_JOB_LEASE_MS;
  const heartbeat = startHeartbeat(services, job, leaseMs, options.log);
  try {
    const payload = definition.payload.parse(job.payload);
    await withTimeout(definition.run(payload, services), definition.timeoutMs, job.name);
    heartbeat.stop();
    await completeJob(services.db, job);
    return { ok: true };
  } catch (error) {
    heartbeat.stop();
    const message = error instanceof Error ? error.message : String(error);
    const backoff = (definition.backoffMs ?? defaultBackoffMs)(job.attempts);
    options.log.warn({ job: job.name, id: job.id, attempt: job.attempts, err: message }, "job failed");
    // The catalog is the one source of truth for attempts, whatever the enqueuer passed.
    await failJob(services.db, { ...job, max_attempts: definition.maxAttempts }, message, backoff);
    return { ok: false, error };
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`job ${name} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
