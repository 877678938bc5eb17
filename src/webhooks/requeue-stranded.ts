// The last guard of at-least-once delivery: a pending event whose delivery job is gone — the queue gave up on
// it after the database failed three times in a row while loading or recording — gets a new job. Without
// this, such an event would stay pending forever (lost). Events are only touched when their attempt is well
// overdue and no queued or running job names them, so a healthy queue never sees a duplicate from here.
import { sql } from "kysely";
import { z } from "zod";
import type { Queryable } from "../platform/db/transaction.js";
import { defineJob } from "../platform/jobs/catalog.js";
import { enqueueJob } from "../platform/jobs/queue.js";
import { DELIVER_WEBHOOK_JOB } from "./enqueue-event.js";

/** Longer than a job's lease (timeout + 30 s) and its queue retries (30 s, 60 s), so live jobs are never raced. */
export const STRANDED_AFTER_MS = 15 * 60_000;
const BATCH = 500;

export async function requeueStrandedEvents(db: Queryable): Promise<string[]> {
  const stranded = await sql<{ id: string }>`
    SELECT e.id::text AS id FROM webhook_events e
    WHERE e.status = 'pending'
      AND coalesce(e.next_attempt_at, e.created_at) < now() - ${`${STRANDED_AFTER_MS} milliseconds`}::interval
      AND NOT EXISTS (
        SELECT 1 FROM jobs j
        WHERE j.name = ${DELIVER_WEBHOOK_JOB} AND j.status IN ('queued', 'running')
          AND j.payload ->> 'eventId' = e.id::text)
    ORDER BY coalesce(e.next_attempt_at, e.created_at)
    LIMIT ${BATCH}`.execute(db);
  for (const { id } of stranded.rows) await enqueueJob(db, DELIVER_WEBHOOK_JOB, { eventId: id });
  return stranded.rows.map((row) => row.id);
}

export const requeueStrandedWebhooksJob = defineJob({
  name: "webhooks.requeue-stranded",
  payload: z.object({}).passthrough(),
  timeoutMs: 60_000,
  maxAttempts: 1,
  cron: { everyMs: 10 * 60_000 },
  async run(_payload, services) {
    const requeued = await requeueStrandedEvents(services.db);
    if (requeued.length > 0)
      services.log.warn({ events: requeued.length }, "webhook events without a delivery job were requeued");
  },
});
