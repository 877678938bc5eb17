// A durable job queue on a plain table with FOR UPDATE SKIP LOCKED (research/storage.md: identical on
// PGlite and PostgreSQL). Jobs enqueued inside a transaction run only if it commits.
import { EventEmitter } from "node:events";
import { sql } from "kysely";
import type { Queryable } from "../db/transaction.js";

export interface EnqueueOptions {
  /** Run no earlier than this. */
  runAt?: Date;
  delayMs?: number;
  maxAttempts?: number;
  /** At most one queued or running job per (name, dedupeKey). */
  dedupeKey?: string;
}

/** A claim on a running job: `attempts` fences it, so a worker whose lease lapsed and was re-claimed
 * elsewhere can no longer renew, complete or fail that job. */
export interface JobLease {
  id: string;
  attempts: number;
}

export interface ClaimedJob extends JobLease {
  name: string;
  payload: unknown;
  max_attempts: number;
}

/** Wakes this process's workers right after an enqueue instead of waiting for the next poll. */
export const jobSignals = new EventEmitter();

export async function enqueueJob(
  db: Queryable,
  name: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const runAt = options.runAt ?? (options.delayMs ? new Date(Date.now() + options.delayMs) : undefined);
  const row = await db
    .insertInto("jobs")
    .values({
      name,
      payload: JSON.stringify(payload ?? {}),
      max_attempts: options.maxAttempts ?? 5,
      dedupe_key: options.dedupeKey ?? null,
      ...(runAt ? { run_at: runAt } : {}),
    })
    .onConflict((oc) =>
      oc
        .columns(["name", "dedupe_key"])
        .where("dedupe_key", "is not", null)
        .where("status", "in", ["queued", "running"])
        .doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  setImmediate(() => jobSignals.emit("enqueued", name));
  return row?.id ?? null;
}

export async function claimJobs(
  db: Queryable,
  names: string[],
  limit: number,
  lockMs: number,
): Promise<ClaimedJob[]> {
  if (names.length === 0 || limit <= 0) return [];
  const result = await sql<ClaimedJob>`
    UPDATE jobs SET status = 'running', attempts = attempts + 1,
      locked_until = now() + ${`${lockMs} milliseconds`}::interval
    WHERE id IN (
      SELECT id FROM jobs
      WHERE status = 'queued' AND run_at <= now() AND name = ANY(${names})
      ORDER BY run_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id::text, name, payload, attempts, max_attempts`.execute(db);
  return result.rows;
}

/**
 * Claims one job by id for a caller that runs it inline, whatever its run_at: a queued one, or a running
 * one whose lease lapsed (its worker died). Null when it is held by a live worker or finished.
 */
export async function claimJobById(db: Queryable, id: string, leaseMs: number): Promise<ClaimedJob | null> {
  const result = await sql<ClaimedJob>`
    UPDATE jobs SET status = 'running', attempts = attempts + 1,
      locked_until = now() + ${`${leaseMs} milliseconds`}::interval
    WHERE id = ${id} AND (status = 'queued' OR (status = 'running' AND locked_until < now()))
    RETURNING id::text, name, payload, attempts, max_attempts`.execute(db);
  return result.rows[0] ?? null;
}

/** The heartbeat: pushes the lease on; false when the lease was lost (lapsed and claimed again). */
export async function renewJobLease(db: Queryable, lease: JobLease, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({ locked_until: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where("id", "=", lease.id)
    .where("status", "=", "running")
    .where("attempts", "=", lease.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function completeJob(db: Queryable, lease: JobLease): Promise<void> {
  await db
    .updateTable("jobs")
    .set({ status: "completed", finished_at: sql`now()`, locked_until: null, last_error: null })
    .where("id", "=", lease.id)
    .where("status", "=", "running")
    .where("attempts", "=", lease.attempts)
    .execute();
}

/** Schedules a retry after `retryInMs`, or marks the job failed when its attempts are spent. */
export async function failJob(
  db: Queryable,
  job: ClaimedJob,
  error: string,
  retryInMs: number,
): Promise<void> {
  const exhausted = job.attempts >= job.max_attempts;
  await db
    .updateTable("jobs")
    .set({
      status: exhausted ? "failed" : "queued",
      last_error: error.slice(0, 2000),
      locked_until: null,
      run_at: sql`now() + ${`${retryInMs} milliseconds`}::interval`,
      finished_at: exhausted ? sql`now()` : null,
    })
    .where("id", "=", job.id)
    .where("status", "=", "running")
    .where("attempts", "=", job.attempts)
    .execute();
}

/**
 * Jobs whose worker died mid-run go back to the queue once their lease lapses (leases are short and
 * renewed by a heartbeat, so that is within a minute). `all`: every running job, for a process that
 * holds the embedded database alone and so knows no other worker can be running them.
 */
export async function requeueStaleJobs(db: Queryable, options: { all?: boolean } = {}): Promise<number> {
  let update = db
    .updateTable("jobs")
    // Due at once: a job claimed before its run_at (run inline by the request that enqueued it) is due too.
    .set({ status: "queued", locked_until: null, run_at: sql`least(run_at, now())` })
    .where("status", "=", "running");
  if (!options.all) update = update.where("locked_until", "<", sql<Date>`now()`);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
