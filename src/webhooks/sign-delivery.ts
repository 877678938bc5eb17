// Phase 2 of a delivery: the request body and headers. Wire format (design: Webhook signature; spec: Delivery
// rules 1–2): X-Webhook-Id (the event id, stable across retries and resends: receivers dedupe on it),
// X-Webhook-Event, and X-Webhook-Signature t=<unix seconds>,v1=<hex HMAC> unless the tenant has no secret.

import { signPayload } from "../platform/net/sign-payload.js";
import type { PendingDelivery } from "./load-delivery.js";

export interface SignedRequest {
  body: string;
  headers: Record<string, string>;
}

export function signDelivery(
  event: PendingDelivery["event"],
  signingSecret: string | null,
  nowMs = Date.now(),
): SignedRequest {
  const body = JSON.stringify(event.payload);
  const headers: Record<string, string> = {
    "user-agent": "kyc-webhooks/1",
    "x-webhook-id": event.id,
    "x-webhook-event": event.eventType,
  };
  // Signed at send time, not enqueue time: receivers reject a t more than 5 minutes old (spec: Limits).
  if (signingSecret)
    headers["x-webhook-signature"] = signPayload(signingSecret, Math.floor(nowMs / 1000), body);
  return { body, headers };
}
