// Job workers: poll the queue (woken early by in-process enqueues), run handlers with a timeout,
// retry with backoff, and fire cron sweeps. Started by `kyc start` and `kyc worker`.
import { sql } from "kysely";
import type { Services } from "../../services.js";
import type { Queryable } from "../db/transaction.js";
import type { JobDefinition } from "./catalog.js";
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

export function startJobWorker(
  services: Services,
  jobs: JobDefinition<never>[],
  options: WorkerOptions,
): JobWorker {
  const byName = new Map(jobs.map((job) => [job.name, job as JobDefinition<unknown>]));
  const names = [...byName.keys()];
  const concurrency = options.concurrency ?? 2;
  const log = services.log.child({ component: "jobs" });
  let stopped = false;
  let wake: (() => void) | null = null;
  const onEnqueue = (name: string) => {
    if (byName.has(name)) wake?.();
  };
  jobSignals.on("enqueued", onEnqueue);

  const leaseMs = options.leaseMs ?? DEFAULT_JOB_LEASE_MS;

  async function runClaimed(job: ClaimedJob): Promise<void> {
    await runClaimedJob(services, byName.get(job.name)!, job, { leaseMs, log });
  }

  async function runBatch(): Promise<number> {
    // A short lease, renewed while the job runs: a dead worker's jobs are free again within a minute.
    const claimed = await claimJobs(services.db, names, concurrency, leaseMs);
    await Promise.all(claimed.map(runClaimed));
    return claimed.length;
  }

  let lastHousekeeping = 0;
  async function tick(): Promise<number> {
    if (Date.now() - lastHousekeeping > 5_000) {
      lastHousekeeping = Date.now();
      await requeueStaleJobs(services.db);
      await fireDueCrons(services.db, jobs);
    }
    return runBatch();
  }

  const loop = (async () => {
    while (!stopped) {
      let ran = 0;
      try {
        ran = await tick();
      } catch (error) {
        log.error({ err: error instanceof Error ? error.message : error }, "job loop error");
      }
      if (ran === 0 && !stopped) {
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
        const ran = await runBatch();
        if (ran === 0) return total;
        total += ran;
      }
    },
    async stop() {
      stopped = true;
      jobSignals.off("enqueued", onEnqueue);
      wake?.();
      await loop;
    },
  };
}

/** One run per interval across all processes: whoever advances `next_run_at` enqueues the run. */
export async function fireDueCrons(db: Queryable, jobs: JobDefinition<never>[]): Promise<string[]> {
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
