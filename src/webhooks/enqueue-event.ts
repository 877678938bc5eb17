// The outbox: an event row and its delivery job are written in the transaction of the state change they
// announce, so a committed change is always announced and a rolled-back one never is (at-least-once).

import type { Queryable } from "../platform/db/transaction.js";
import { enqueueJob } from "../platform/jobs/queue.js";

export interface WebhookEventInput {
  /** The event id (X-Webhook-Id); generated when omitted. */
  id?: string;
  tenantId: string;
  /** e.g. identity.kyc.session.approved, identity.application.created */
  eventType: string;
  payload: Record<string, unknown>;
  sessionId?: string | null;
  applicationId?: string | null;
}

export const DELIVER_WEBHOOK_JOB = "webhooks.deliver";

/** Returns the event id (stable across retries: the X-Webhook-Id receivers dedupe on). */
export async function enqueueWebhookEvent(tx: Queryable, input: WebhookEventInput): Promise<string> {
  const tenant = await tx
    .selectFrom("tenants")
    .select("webhook_url")
    .where("id", "=", input.tenantId)
    .executeTakeFirstOrThrow();
  const row = await tx
    .insertInto("webhook_events")
    .values({
      ...(input.id ? { id: input.id } : {}),
      tenant_id: input.tenantId,
      event_type: input.eventType,
      payload: JSON.stringify(input.payload),
      target_url: tenant.webhook_url,
      status: tenant.webhook_url ? "pending" : "skipped",
      session_id: input.sessionId ?? null,
      application_id: input.applicationId ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (tenant.webhook_url) await enqueueJob(tx, DELIVER_WEBHOOK_JOB, { eventId: row.id }, { maxAttempts: 1 });
  return row.id;
}
