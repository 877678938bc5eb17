// Webhook signature verification, matching the service's signer (src/platform/net/sign-payload.ts):
// X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>. Verify the raw bytes
// as received, before any JSON parsing or re-serialisation, and reject old timestamps (replays).
import { createHmac, timingSafeEqual } from "node:crypto";
import type { components } from "./schema.js";

export type SessionWebhook = components["schemas"]["SessionWebhook"];
export type ApplicationWebhook = components["schemas"]["ApplicationWebhook"];
export type MonitoringFlaggedWebhook = components["schemas"]["MonitoringFlaggedWebhook"];
export type WebhookPayload = SessionWebhook | ApplicationWebhook | MonitoringFlaggedWebhook;

export type WebhookFailure =
  | "missing_signature"
  | "malformed_signature"
  | "timestamp_out_of_tolerance"
  | "signature_mismatch";

export class WebhookVerificationError extends Error {
  constructor(readonly reason: WebhookFailure) {
    super(`webhook not verified: ${reason}`);
    this.name = "WebhookVerificationError";
  }
}

export interface VerifyWebhookOptions {
  /** How old (or how far ahead) the signed timestamp may be; default 300 s, as the service documents. */
  toleranceSeconds?: number;
  /** The current time in ms (for tests); default Date.now(). */
  now?: number;
}

/** Checks the signature and the timestamp, then returns the parsed payload; throws WebhookVerificationError. */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  secret: string,
  { toleranceSeconds = 300, now = Date.now() }: VerifyWebhookOptions = {},
): WebhookPayload {
  if (!signatureHeader) throw new WebhookVerificationError("missing_signature");
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of signatureHeader.split(",")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === "t" && value && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && value && /^[0-9a-f]{64}$/i.test(value))
      signatures.push(Buffer.from(value, "hex"));
  }
  if (timestamp === null || signatures.length === 0)
    throw new WebhookVerificationError("malformed_signature");
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) {
    throw new WebhookVerificationError("timestamp_out_of_tolerance");
  }
  const body = typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : Buffer.from(rawBody);
  const expected = createHmac("sha256", secret)
    .update(Buffer.concat([Buffer.from(`${timestamp}.`, "utf8"), body]))
    .digest();
  // Several v1 entries may be present (e.g. during a secret rotation): any match is enough.
  if (!signatures.some((given) => given.length === expected.length && timingSafeEqual(given, expected))) {
    throw new WebhookVerificationError("signature_mismatch");
  }
  return JSON.parse(body.toString("utf8")) as WebhookPayload;
}

/** Narrows a verified payload to a session event. */
export function isSessionWebhook(payload: WebhookPayload): payload is SessionWebhook {
  return "session_id" in payload;
}
