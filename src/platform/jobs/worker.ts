// Job workers: poll the queue (woken early by in-process enqueues), run handlers with a timeout,
// retry with backoff, and fire cron sweeps. Started by `kyc start` and `kyc worker`.
import { sql } from "kysely";
import type { Queryable } from "../db/transaction.js";
import { type AnyJob, defaultBackoffMs, type JobContext } from "./catalog.js";
import {
  type ClaimedJob,
  claimJobs,
  completeJob,
  enqueueJob,
  failJob,
  jobSignals,
  requeueStaleJobs,
} from "./queue.js";

export interface WorkerOptions {
  pollMs: number;
  concurrency?: number;
}

export interface JobWorker {
  /** Claims and runs ready jobs until none is left; returns how many ran. For tests and the CLI. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

export function startJobWorker<C extends JobContext>(
  context: C,
  jobs: AnyJob<C>[],
  options: WorkerOptions,
): JobWorker {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  const names = [...byName.keys()];
  const concurrency = options.concurrency ?? 2;
  const log = context.log.child({ component: "jobs" });
  let stopped = false;
  let wake: (() => void) | null = null;
  const onEnqueue = (name: string) => {
    if (byName.has(name)) wake?.();
  };
  jobSignals.on("enqueued", onEnqueue);

  async function runClaimed(job: ClaimedJob): Promise<void> {
    const definition = byName.get(job.name)!;
    try {
      const payload = definition.payload.parse(job.payload);
      await withTimeout(definition.run(payload, context), definition.timeoutMs, job.name);
      await completeJob(context.db, job.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const backoff = (definition.backoffMs ?? defaultBackoffMs)(job.attempts);
      log.warn({ job: job.name, id: job.id, attempt: job.attempts, err: message }, "job failed");
      // The catalog is the one source of truth for attempts, whatever the enqueuer passed.
      await failJob(context.db, { ...job, max_attempts: definition.maxAttempts }, message, backoff);
    }
  }

  async function runBatch(): Promise<number> {
    const lockMs = Math.max(...jobs.map((job) => job.timeoutMs)) + 30_000;
    const claimed = await claimJobs(context.db, names, concurrency, lockMs);
    await Promise.all(claimed.map(runClaimed));
    return claimed.length;
  }

  let lastHousekeeping = 0;
  async function tick(): Promise<number> {
    if (Date.now() - lastHousekeeping > 5_000) {
      lastHousekeeping = Date.now();
      await requeueStaleJobs(context.db);
      await fireDueCrons(context.db, jobs);
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

function withTimeout<T>(work: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`job ${name} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
