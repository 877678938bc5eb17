// Email over SMTP with nodemailer (SMTP_URL, e.g. smtps://user:pass@mail.example.com:465; SMTP_FROM).
import nodemailer from "nodemailer";
import { AppError } from "../../platform/errors.js";
import type { EmailSender, OutgoingEmail } from "./messaging.js";

const TIMEOUT_MS = 15_000;

export function createSmtpSender(url: string, from: string): EmailSender & { close(): void } {
  const transport = nodemailer.createTransport(url, {
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  } as Parameters<typeof nodemailer.createTransport>[1]);
  return {
    name: "smtp",
    async send(message: OutgoingEmail) {
      try {
        await transport.sendMail({ from, ...message });
      } catch (error) {
        throw new AppError("upstream_failed", {
          detail: "delivery_failed",
          message: "The email could not be handed to the mail server; try again.",
          cause: error,
        });
      }
    },
    close: () => transport.close(),
  };
}
