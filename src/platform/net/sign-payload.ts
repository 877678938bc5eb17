// Design: X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")> — the layout
// Stripe uses, so standard verifiers work. spec: Delivery rules 1–2. Tenant webhooks and the SMS gateway
// webhook (X-Sms-Signature) both sign with it.
import { createHmac } from "node:crypto";

export function signPayload(secret: string, timestamp: number, body: string): string {
  const digest = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${digest}`;
}
