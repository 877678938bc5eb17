// Outbound messages to applicants (design: OTP steps): email over SMTP, SMS through one of two provider
// adapters, each chosen once from config. With nothing configured the channel is null and the step answers
// 503; only NODE_ENV=development falls back to the outbox, which writes the message to the log.
import type { Logger } from "pino";
import type { Config } from "../../config.js";
import { createOutbox } from "./dev-outbox.js";
import { createSmtpSender } from "./smtp-email.js";
import { createTwilioSms } from "./twilio-sms.js";
import { createWebhookSms } from "./webhook-sms.js";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface OutgoingSms {
  /** E.164. */
  to: string;
  body: string;
}

export interface EmailSender {
  readonly name: string;
  /** Resolves once the server accepted the message; rejects with AppError upstream_failed otherwise. */
  send(message: OutgoingEmail): Promise<void>;
}

export interface SmsSender {
  readonly name: string;
  send(message: OutgoingSms): Promise<void>;
}

export interface Messaging {
  email: EmailSender | null;
  sms: SmsSender | null;
  close(): Promise<void>;
}

export function createMessaging(config: Config, log: Logger): Messaging {
  const outbox = config.env === "development" ? createOutbox(log) : null;
  const smtp = config.smtpUrl ? createSmtpSender(config.smtpUrl, config.smtpFrom) : null;
  let sms: SmsSender | null = outbox;
  if (config.smsWebhookUrl) {
    sms = createWebhookSms({
      url: config.smsWebhookUrl,
      secret: config.smsWebhookSecret!,
      allowPrivate: config.allowPrivateTargets,
    });
  } else if (config.twilio) {
    sms = createTwilioSms({ ...config.twilio, allowPrivate: config.allowPrivateTargets });
  }
  return {
    email: smtp ?? outbox,
    sms,
    async close() {
      smtp?.close();
    },
  };
}
