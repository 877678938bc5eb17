// SMS through a Twilio-compatible REST API: POST {base}/2010-04-01/Accounts/{sid}/Messages.json, form fields
// To, From (or MessagingServiceSid when TWILIO_FROM starts with "MG") and Body, HTTP Basic sid:token. The base
// URL is configurable (TWILIO_BASE_URL) so compatible gateways work; sent through the SSRF-safe client.
import type { OutgoingSms, SmsSender } from "./messaging.js";
import { postOrFail } from "./webhook-sms.js";

export interface TwilioOptions {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  allowPrivate: boolean;
}

export function createTwilioSms(options: TwilioOptions): SmsSender {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64");
  return {
    name: "twilio",
    async send(message: OutgoingSms) {
      const form = new URLSearchParams({ To: message.to, Body: message.body });
      form.set(options.from.startsWith("MG") ? "MessagingServiceSid" : "From", options.from);
      await postOrFail(
        url,
        form.toString(),
        { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${auth}` },
        options.allowPrivate,
      );
    },
  };
}
