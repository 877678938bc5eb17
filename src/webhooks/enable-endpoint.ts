// Re-enabling a tenant's webhook endpoint after it was disabled for a long run of failures (endpoint-health.ts),
// and reading its state. Enabling ends the failure streak and requeues every event held back while the endpoint
// was disabled, with their original ids (receivers dedupe on X-Webhook-Id), so nothing announced in the
// meantime is lost. Events that had already used up their retries before the endpoint was disabled stay failed
// and are resent one by one (`kyc webhook resend`).
import { sql } from "kysely";
import { recordAudit } from "../platform/audit.js";
import { type Queryable, withTransaction } from "../platform/db/transaction.js";
import { enqueueJob } from "../platform/jobs/queue.js";
import { getTenant } from "../platform/tenants/tenants.js";
import { DELIVER_WEBHOOK_JOB } from "./enqueue-event.js";
import { HELD_BY_DISABLED_ENDPOINT } from "./load-delivery.js";

export interface EnabledEndpoint {
  tenant_id: string;
  /** False when the endpoint was not disabled (enabling is idempotent). */
  was_disabled: boolean;
  /** Events held back while disabled, now queued for delivery again. */
  requeued_events: number;
}

export async function enableWebhookEndpoint(
  db: Queryable,
  tenantId: string,
  actor: string,
): Promise<EnabledEndpoint> {
  return withTransaction(db, async (tx) => {
    await getTenant(tx, tenantId);
    // The exclusive row lock orders this against holdForDisabledEndpoint (which takes a shared one): an event
    // is either held before this requeue runs, and requeued by it, or sees the endpoint enabled and is sent.
    await sql`
      INSERT INTO webhook_endpoint_health (tenant_id, updated_at) VALUES (${tenantId}, now())
      ON CONFLICT (tenant_id) DO NOTHING`.execute(tx);
    const before = await tx
      .selectFrom("webhook_endpoint_health")
      .select(["disabled_at", "disabled_reason"])
      .where("tenant_id", "=", tenantId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await tx
      .updateTable("webhook_endpoint_health")
      .set({
        disabled_at: null,
        disabled_reason: null,
        failing_since: null,
        consecutive_failures: 0,
        updated_at: sql`now()`,
      })
      .where("tenant_id", "=", tenantId)
      .execute();
    const held = await tx
      .updateTable("webhook_events")
      .set({ status: "pending", attempts: 0, next_attempt_at: null, last_error: null })
      .where("tenant_id", "=", tenantId)
      .where("status", "=", "failed")
      .where("last_error", "=", HELD_BY_DISABLED_ENDPOINT)
      .returning("id")
      .execute();
    for (const { id } of held) await enqueueJob(tx, DELIVER_WEBHOOK_JOB, { eventId: id });
    const wasDisabled = before.disabled_at !== null;
    await recordAudit(tx, {
      tenantId,
      actor,
      action: "webhook.endpoint_enabled",
      target: tenantId,
      data: {
        was_disabled: wasDisabled,
        disabled_at: before.disabled_at?.toISOString() ?? null,
        disabled_reason: before.disabled_reason,
        requeued_events: held.length,
      },
    });
    return { tenant_id: tenantId, was_disabled: wasDisabled, requeued_events: held.length };
  });
}

export interface EndpointStatus {
  tenant_id: string;
  url: string | null;
  enabled: boolean;
  disabled_at: string | null;
  disabled_reason: string | null;
  /** First failed attempt of the current streak; null when the last attempt succeeded. */
  failing_since: string | null;
  consecutive_failures: number;
  last_success_at: string | null;
  last_failure_at: string | null;
  /** Events waiting, failed, for the endpoint to be enabled. */
  held_events: number;
}

export async function getWebhookEndpointStatus(db: Queryable, tenantId: string): Promise<EndpointStatus> {
  const tenant = await getTenant(db, tenantId);
  const health = await db
    .selectFrom("webhook_endpoint_health")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .executeTakeFirst();
  const held = await db
    .selectFrom("webhook_events")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("tenant_id", "=", tenantId)
    .where("status", "=", "failed")
    .where("last_error", "=", HELD_BY_DISABLED_ENDPOINT)
    .executeTakeFirstOrThrow();
  return {
    tenant_id: tenantId,
    url: tenant.webhook_url,
    enabled: !health?.disabled_at,
    disabled_at: health?.disabled_at?.toISOString() ?? null,
    disabled_reason: health?.disabled_reason ?? null,
    failing_since: health?.failing_since?.toISOString() ?? null,
    consecutive_failures: health?.consecutive_failures ?? 0,
    last_success_at: health?.last_success_at?.toISOString() ?? null,
    last_failure_at: health?.last_failure_at?.toISOString() ?? null,
    held_events: Number(held.count),
  };
}
