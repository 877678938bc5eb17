// Phase 1 of a delivery: load the outbox event and the tenant's endpoint (URL, signing secret, disabled state).
import { sql } from "kysely";
import { type Queryable, withTransaction } from "../platform/db/transaction.js";

export interface PendingDelivery {
  event: {
    id: string;
    tenantId: string;
    eventType: string;
    payload: Record<string, unknown>;
    /** Attempts made so far (0 before the first). */
    attempts: number;
  };
  endpoint: {
    url: string | null;
    signingSecret: string | null;
    disabledAt: Date | null;
    /** No failure streak on this URL and a success recorded within the last minute. */
    recentlyHealthy: boolean;
  };
}

/**
 * The event and its tenant's endpoint, or null when the event is unknown or no longer pending — or, with
 * `onlyWhenDue` (the job), when its next attempt is still ahead.
 */
export async function loadPendingDelivery(
  db: Queryable,
  eventId: string,
  options: { onlyWhenDue?: boolean } = {},
): Promise<PendingDelivery | null> {
  const row = await db
    .selectFrom("webhook_events")
    .innerJoin("tenants", "tenants.id", "webhook_events.tenant_id")
    .leftJoin("webhook_endpoint_health", "webhook_endpoint_health.tenant_id", "webhook_events.tenant_id")
    .select([
      "webhook_events.id",
      "webhook_events.tenant_id",
      "webhook_events.event_type",
      "webhook_events.payload",
      "webhook_events.status",
      "webhook_events.attempts",
      "tenants.webhook_url",
      "tenants.webhook_signing_secret",
      "webhook_endpoint_health.disabled_at",
      sql<boolean>`coalesce(webhook_endpoint_health.failing_since IS NULL
        AND webhook_endpoint_health.url = tenants.webhook_url
        AND webhook_endpoint_health.last_success_at > now() - interval '1 minute', false)`.as(
        "recently_healthy",
      ),
      // Database clock, like the job queue that ran this: a stray second job for an event whose next attempt
      // is still ahead (a queue retry after a timeout, a resend racing a retry) does not send it early.
      sql<boolean>`webhook_events.next_attempt_at IS NULL OR webhook_events.next_attempt_at <= now()`.as(
        "due",
      ),
    ])
    .where("webhook_events.id", "=", eventId)
    .executeTakeFirst();
  if (row?.status !== "pending" || (options.onlyWhenDue && !row.due)) return null;
  return {
    event: {
      id: row.id,
      tenantId: row.tenant_id,
      eventType: row.event_type,
      payload: row.payload,
      attempts: row.attempts,
    },
    endpoint: {
      url: row.webhook_url,
      signingSecret: row.webhook_signing_secret,
      disabledAt: row.disabled_at,
      recentlyHealthy: row.recently_healthy,
    },
  };
}

/** A tenant without a destination: the event is recorded as skipped (nothing to deliver to). */
export async function markSkipped(db: Queryable, eventId: string): Promise<void> {
  await db
    .updateTable("webhook_events")
    .set({ status: "skipped" })
    .where("id", "=", eventId)
    .where("status", "=", "pending")
    .execute();
}

/** Marker in last_error for events held back by a disabled endpoint; enabling it requeues them. */
export const HELD_BY_DISABLED_ENDPOINT = "endpoint_disabled";

/**
 * A disabled endpoint is not contacted: the event stays in the outbox as failed (last_error
 * "endpoint_disabled") and goes out again when the endpoint is enabled. Returns false when the endpoint was
 * enabled meanwhile; the caller then sends. The shared lock on the health row orders this against
 * enableWebhookEndpoint, which requeues held events under an exclusive lock: an event is never held after the
 * enable that should have requeued it.
 */
export async function holdForDisabledEndpoint(
  db: Queryable,
  tenantId: string,
  eventId: string,
): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const health = await tx
      .selectFrom("webhook_endpoint_health")
      .select("disabled_at")
      .where("tenant_id", "=", tenantId)
      .forShare()
      .executeTakeFirst();
    if (!health?.disabled_at) return false;
    await tx
      .updateTable("webhook_events")
      .set({ status: "failed", last_error: HELD_BY_DISABLED_ENDPOINT, next_attempt_at: null })
      .where("id", "=", eventId)
      .where("status", "=", "pending")
      .execute();
    return true;
  });
}
