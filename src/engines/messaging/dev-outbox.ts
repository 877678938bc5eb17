// Development only (NODE_ENV=development, no provider configured): the message, code included, goes to the
// log instead of a provider so a developer can finish a flow locally. Never constructed in other modes.
import type { Logger } from "pino";
import type { EmailSender, OutgoingEmail, OutgoingSms, SmsSender } from "./messaging.js";

export function createOutbox(log: Logger): EmailSender & SmsSender {
  return {
    name: "development_outbox",
    async send(message: OutgoingEmail | OutgoingSms) {
      const body = "text" in message ? message.text : message.body;
      log.info({ outbox: { to: message.to, body } }, "development outbox: message not sent, logged instead");
    },
  };
}
