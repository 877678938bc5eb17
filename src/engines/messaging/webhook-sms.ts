// SMS through the operator's own gateway: a signed JSON POST to SMS_WEBHOOK_URL through the SSRF-safe client.
// Body {to, body, sent_at}; header X-Sms-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(SMS_WEBHOOK_SECRET,
// "<t>.<raw body>")> — the layout of our tenant webhooks, so the same verifier works. Any 2xx is accepted.
import { AppError } from "../../platform/errors.js";
import { checkTarget, postToTarget } from "../../platform/net/safe-request.js";
import { signPayload } from "../../platform/net/sign-payload.js";
import type { OutgoingSms, SmsSender } from "./messaging.js";

const TIMEOUT_MS = 15_000;

export function createWebhookSms(options: { url: string; secret: string; allowPrivate: boolean }): SmsSender {
  return {
    name: "webhook",
    async send(message: OutgoingSms) {
      const now = new Date();
      const body = JSON.stringify({ to: message.to, body: message.body, sent_at: now.toISOString() });
      const timestamp = Math.floor(now.getTime() / 1000);
      await postOrFail(
        options.url,
        body,
        { "x-sms-signature": signPayload(options.secret, timestamp, body) },
        options.allowPrivate,
      );
    },
  };
}

/** One POST through the SSRF-safe client; anything but a 2xx is a failed delivery. */
export async function postOrFail(
  url: string,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
): Promise<void> {
  let status: number;
  try {
    const target = await checkTarget(url, { allowPrivate });
    status = (await postToTarget(target, body, headers, TIMEOUT_MS)).status;
  } catch (error) {
    throw deliveryFailed(error);
  }
  if (status < 200 || status >= 300) throw deliveryFailed(new Error(`HTTP ${status}`));
}

function deliveryFailed(cause: unknown): AppError {
  return new AppError("upstream_failed", {
    detail: "delivery_failed",
    message: "The text message could not be handed to the SMS provider; try again.",
    cause,
  });
}
