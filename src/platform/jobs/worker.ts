// Job workers: poll the queue (woken early by in-process enqueues), run handlers with a timeout,
// retry with backoff, and fire cron sweeps. Started by `kyc start` and `kyc worker`.
import { sql } from "kysely";
import type { Queryable } from "../db/transaction.js";
import type { AnyJob, JobContext } from "./catalog.js";
import { type ClaimedJob, claimJobs, enqueueJob, jobSignals, requeueStaleJobs } from "./queue.js";
import { DEFAULT_JOB_LEASE_MS, runClaimedJob } from "./run-claimed-job.js";

export interface WorkerOptions {
  pollMs: number;
  concurrency?: number;
  /** How long a claim holds without a heartbeat (default 30 s); the heartbeat renews it every third. */
  leaseMs?: number;
}

export interface JobWorker {
  /** Claims and runs ready jobs until none is left; returns how many ran. For tests and the CLI. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

export function startJobWorker<C extends JobContext>(
  services: C,
  jobs: AnyJob<C>[],
  options: WorkerOptions,
): JobWorker {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  const names = [...byName.keys()];
  const concurrency = options.concurrency ?? 2;
  const log = services.log.child({ component: "jobs" });
  let stopped = false;
  let wake: (() => void) | null = null;
  let wakePending = false;
  const signal = () => {
    wakePending = true;
    wake?.();
  };
  const onEnqueue = (name: string) => {
    if (byName.has(name)) signal();
  };
  jobSignals.on("enqueued", onEnqueue);

  const leaseMs = options.leaseMs ?? DEFAULT_JOB_LEASE_MS;
  const inFlight = new Set<Promise<void>>();

  async function runClaimed(job: ClaimedJob): Promise<void> {
    await runClaimedJob(services, byName.get(job.name)!, job, { leaseMs, log });
  }

  /** Claims as many jobs as there are free slots and starts them. A long job holds one slot only:
   * the others keep taking jobs (another tenant's import, a webhook) instead of waiting for it. */
  async function fillSlots(): Promise<void> {
    const free = concurrency - inFlight.size;
    if (free <= 0) return;
    // A short lease, renewed while the job runs: a dead worker's jobs are free again within a minute.
    const claimed = await claimJobs(services.db, names, free, leaseMs);
    for (const job of claimed) {
      const running: Promise<void> = runClaimed(job)
        // Completing or failing the row can itself fail (database gone): the lease lapses and it reruns.
        .catch((error: unknown) =>
          log.error({ job: job.name, id: job.id, err: String(error) }, "job bookkeeping failed"),
        )
        .finally(() => {
          inFlight.delete(running);
          signal();
        });
      inFlight.add(running);
    }
  }

  let lastHousekeeping = 0;
  async function tick(): Promise<void> {
    if (Date.now() - lastHousekeeping > 5_000) {
      lastHousekeeping = Date.now();
      await requeueStaleJobs(services.db);
      await fireDueCrons(services.db, jobs);
    }
    await fillSlots();
  }

  const loop = (async () => {
    while (!stopped) {
      wakePending = false;
      try {
        await tick();
      } catch (error) {
        log.error({ err: error instanceof Error ? error.message : error }, "job loop error");
      }
      // Sleep until a job is enqueued here, a slot frees up, or the poll interval passes.
      if (!stopped && !wakePending) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  })();

  return {
    async drain() {
      let total = 0;
      for (;;) {
        const claimed = await claimJobs(services.db, names, concurrency, leaseMs);
        if (claimed.length === 0) return total;
        await Promise.all(claimed.map(runClaimed));
        total += claimed.length;
      }
    },
    async stop() {
      stopped = true;
      jobSignals.off("enqueued", onEnqueue);
      wake?.();
      await loop;
      await Promise.all(inFlight);
    },
  };
}

/** One run per interval across all processes: whoever advances `next_run_at` enqueues the run. */
export async function fireDueCrons<C>(db: Queryable, jobs: AnyJob<C>[]): Promise<string[]> {
  const fired: string[] = [];
  for (const job of jobs) {
    if (!job.cron) continue;
    await db
      .insertInto("cron_schedule")
      .values({ name: job.name, next_run_at: sql`now()` as never })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    const due = await db
      .updateTable("cron_schedule")
      .set({
        next_run_at: sql`now() + ${`${job.cron.everyMs} milliseconds`}::interval` as never,
        last_run_at: sql`now()` as never,
      })
      .where("name", "=", job.name)
      .where("next_run_at", "<=", sql<Date>`now()`)
      .returning("name")
      .executeTakeFirst();
    if (due) {
      await enqueueJob(db, job.name, {}, { dedupeKey: "cron", maxAttempts: job.maxAttempts });
      fired.push(job.name);
    }
  }
  return fired;
}
