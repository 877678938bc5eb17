// The delivery worker (design: timeout 15 s; retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; then the
// delivery is marked failed and can be resent). One webhook_attempts row per try (style: Svix's worker).
import { z } from "zod";
import { defineJob } from "../platform/jobs/catalog.js";
import { enqueueJob } from "../platform/jobs/queue.js";
import { checkTarget, postToTarget, TargetRefusedError } from "../platform/net/safe-request.js";
import type { Services } from "../services.js";
import { DELIVER_WEBHOOK_JOB } from "./enqueue-event.js";
import { signPayload } from "./sign-payload.js";

export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const DELIVERY_TIMEOUT_MS = 15_000;

export type DeliveryOutcome = "delivered" | "retrying" | "failed" | "skipped";

export async function deliverWebhookEvent(services: Services, eventId: string): Promise<DeliveryOutcome> {
  const event = await services.db
    .selectFrom("webhook_events")
    .innerJoin("tenants", "tenants.id", "webhook_events.tenant_id")
    .select([
      "webhook_events.id",
      "webhook_events.tenant_id",
      "webhook_events.event_type",
      "webhook_events.payload",
      "webhook_events.status",
      "webhook_events.attempts",
      "tenants.webhook_url",
      "tenants.webhook_signing_secret",
    ])
    .where("webhook_events.id", "=", eventId)
    .executeTakeFirst();
  if (event?.status !== "pending") return "skipped";
  if (!event.webhook_url) {
    await services.db
      .updateTable("webhook_events")
      .set({ status: "skipped" })
      .where("id", "=", eventId)
      .execute();
    return "skipped";
  }
  const attempt = event.attempts + 1;
  const body = JSON.stringify(event.payload);
  const started = Date.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  let refused = false;
  try {
    const target = await checkTarget(event.webhook_url, {
      allowPrivate: services.config.allowPrivateTargets,
    });
    const headers: Record<string, string> = {
      "user-agent": "kyc-webhooks/1",
      "x-webhook-id": event.id,
      "x-webhook-event": event.event_type,
    };
    // spec: Delivery rules 2 — without a signing secret the delivery goes out unsigned.
    if (event.webhook_signing_secret) {
      headers["x-webhook-signature"] = signPayload(
        event.webhook_signing_secret,
        Math.floor(Date.now() / 1000),
        body,
      );
    }
    const result = await postToTarget(target, body, headers, DELIVERY_TIMEOUT_MS);
    statusCode = result.status;
    if (statusCode < 200 || statusCode >= 300) error = `HTTP ${statusCode}`;
  } catch (caught) {
    refused = caught instanceof TargetRefusedError;
    error = caught instanceof Error ? caught.message : String(caught);
  }
  const durationMs = Date.now() - started;
  const delivered = error === null;
  const exhausted = attempt > RETRY_DELAYS_MS.length;
  const outcome: DeliveryOutcome = delivered ? "delivered" : refused || exhausted ? "failed" : "retrying";

  await services.db.transaction().execute(async (tx) => {
    await tx
      .insertInto("webhook_attempts")
      .values({
        event_id: event.id,
        tenant_id: event.tenant_id,
        attempt,
        url: event.webhook_url!,
        status_code: statusCode,
        error,
        duration_ms: durationMs,
      })
      .execute();
    const retryAt = outcome === "retrying" ? new Date(Date.now() + RETRY_DELAYS_MS[attempt - 1]!) : null;
    await tx
      .updateTable("webhook_events")
      .set({
        attempts: attempt,
        status: outcome === "retrying" ? "pending" : outcome === "delivered" ? "delivered" : "failed",
        last_error: error,
        next_attempt_at: retryAt,
        delivered_at: delivered ? new Date() : null,
        target_url: event.webhook_url,
      })
      .where("id", "=", event.id)
      .execute();
    if (retryAt)
      await enqueueJob(tx, DELIVER_WEBHOOK_JOB, { eventId: event.id }, { runAt: retryAt, maxAttempts: 1 });
  });
  if (!delivered) services.log.warn({ eventId, attempt, error, outcome }, "webhook delivery failed");
  return outcome;
}

export const deliverWebhookJob = defineJob({
  name: DELIVER_WEBHOOK_JOB,
  payload: z.object({ eventId: z.string().uuid() }),
  timeoutMs: DELIVERY_TIMEOUT_MS + 10_000,
  maxAttempts: 1,
  async run({ eventId }, services: Services) {
    await deliverWebhookEvent(services, eventId);
  },
});
