// spec: Delivery rules 3 — deliveries can be resent from the console (and the CLI). A resend keeps the event id,
// so receivers that already processed it dedupe on X-Webhook-Id.

import { type Queryable, withTransaction } from "../platform/db/transaction.js";
import { AppError } from "../platform/errors.js";
import { isUuid } from "../platform/ids.js";
import { enqueueJob } from "../platform/jobs/queue.js";
import { DELIVER_WEBHOOK_JOB } from "./enqueue-event.js";

export async function resendWebhookEvent(db: Queryable, tenantId: string, eventId: string): Promise<void> {
  if (!isUuid(eventId)) throw new AppError("not_found", { detail: "Not found." });
  await withTransaction(db, async (tx) => {
    const row = await tx
      .updateTable("webhook_events")
      .set({ status: "pending", attempts: 0, next_attempt_at: null, last_error: null })
      .where("id", "=", eventId)
      .where("tenant_id", "=", tenantId)
      .returning("id")
      .executeTakeFirst();
    if (!row) throw new AppError("not_found", { detail: "Not found." });
    await enqueueJob(tx, DELIVER_WEBHOOK_JOB, { eventId }, { maxAttempts: 1 });
  });
}

export interface DeliveryLogEntry {
  id: string;
  event_type: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  next_attempt_at: string | null;
}

export async function listWebhookEvents(
  db: Queryable,
  tenantId: string,
  limit = 50,
): Promise<DeliveryLogEntry[]> {
  const rows = await db
    .selectFrom("webhook_events")
    .select([
      "id",
      "event_type",
      "status",
      "attempts",
      "last_error",
      "created_at",
      "delivered_at",
      "next_attempt_at",
    ])
    .where("tenant_id", "=", tenantId)
    .orderBy("created_at", "desc")
    .limit(Math.min(500, Math.max(1, limit)))
    .execute();
  return rows.map((row) => ({
    ...row,
    created_at: row.created_at.toISOString(),
    delivered_at: row.delivered_at?.toISOString() ?? null,
    next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
  }));
}
