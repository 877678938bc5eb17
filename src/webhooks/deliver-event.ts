// The delivery worker, in phases (style: Svix's worker): load the event and its tenant's endpoint, sign, send
// through the SSRF-safe client, record the attempt (with the endpoint's failure streak and the next attempt's
// job, in one transaction), and schedule the retry. design: timeout 15 s; retries after 5 s, 5 min, 30 min,
// 2 h, 5 h, 10 h, 10 h (±10 % jitter, retry-schedule.ts); then the event is failed and can be resent.
import { z } from "zod";
import { defineJob } from "../platform/jobs/catalog.js";
import type { Services } from "../services.js";
import { DELIVER_WEBHOOK_JOB } from "./enqueue-event.js";
import { holdForDisabledEndpoint, loadPendingDelivery, markSkipped } from "./load-delivery.js";
import { recordAttempt } from "./record-attempt.js";
import { requeueStrandedWebhooksJob } from "./requeue-stranded.js";
import { DELIVERY_TIMEOUT_MS, sendDelivery } from "./send-delivery.js";
import { signDelivery } from "./sign-delivery.js";

export { RETRY_DELAYS_MS } from "./retry-schedule.js";
export { DELIVERY_TIMEOUT_MS } from "./send-delivery.js";

/** `held`: the tenant's endpoint is disabled; the event waits, failed, until it is enabled. */
export type DeliveryOutcome = "delivered" | "retrying" | "failed" | "skipped" | "held";

/**
 * Delivers one pending event now. The job passes `onlyWhenDue`, so a stray second job for the same event does
 * not send it before its scheduled retry; callers that mean "now" (tests, the e2e harness) leave it off.
 */
export async function deliverWebhookEvent(
  services: Services,
  eventId: string,
  options: { onlyWhenDue?: boolean } = {},
): Promise<DeliveryOutcome> {
  const delivery = await loadPendingDelivery(services.db, eventId, options);
  if (!delivery) return "skipped";
  const { event, endpoint } = delivery;
  if (!endpoint.url) {
    await markSkipped(services.db, event.id);
    return "skipped";
  }
  if (endpoint.disabledAt && (await holdForDisabledEndpoint(services.db, event.tenantId, event.id)))
    return "held";

  const request = signDelivery(event, endpoint.signingSecret);
  const result = await sendDelivery(endpoint.url, request, {
    allowPrivateTargets: services.config.allowPrivateTargets,
  });
  const recorded = await recordAttempt(services.db, delivery, endpoint.url, result);

  if (recorded.outcome !== "delivered") {
    services.log.warn(
      {
        eventId,
        tenantId: event.tenantId,
        attempt: recorded.attempt,
        error: result.error,
        errorClass: result.errorClass,
        outcome: recorded.outcome,
        retryAt: recorded.retryAt?.toISOString(),
      },
      "webhook delivery failed",
    );
  }
  if (recorded.disabled) {
    const { tenantId, url, failingSince, consecutiveFailures, reason } = recorded.disabled;
    services.log.warn(
      { tenantId, url, failingSince: failingSince.toISOString(), consecutiveFailures, reason },
      "webhook endpoint disabled after a long run of failures; enable it with `kyc webhook enable`",
    );
  }
  return recorded.outcome;
}

export const deliverWebhookJob = defineJob({
  name: DELIVER_WEBHOOK_JOB,
  payload: z.object({ eventId: z.string().uuid() }),
  timeoutMs: DELIVERY_TIMEOUT_MS + 10_000,
  // A delivery's own retries are new jobs (retry-schedule.ts). The queue retries a job only when it threw —
  // the database failed while loading or recording, or the job timed out — so the event is sent again (a
  // duplicate at worst) instead of staying pending with no job; a job whose attempt was recorded finds the
  // event delivered, failed or not yet due, and does nothing.
  maxAttempts: 3,
  backoffMs: (attempt) => 30_000 * attempt,
  async run({ eventId }, services: Services) {
    await deliverWebhookEvent(services, eventId, { onlyWhenDue: true });
  },
});

/** The webhook jobs the workers run: deliveries, and the sweep that gives stranded events a new job. */
export const webhookJobs = [deliverWebhookJob, requeueStrandedWebhooksJob];
