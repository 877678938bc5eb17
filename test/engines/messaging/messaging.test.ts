// Which channels exist is decided once from config: a configured provider, else nothing — except in
// development, where the outbox writes the message (code included) to the log instead.
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { describe, test } from "node:test";
import { pino } from "pino";
import { loadConfig } from "../../../src/config.js";
import { createMessaging } from "../../../src/engines/messaging/messaging.js";

function capturingLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ level: "info" }, stream), lines };
}

describe("messaging channels", () => {
  test("without a provider there is no channel outside development", async () => {
    for (const env of ["production", "test"]) {
      const { log } = capturingLog();
      const messaging = createMessaging(loadConfig({ NODE_ENV: env }), log);
      assert.equal(messaging.email, null);
      assert.equal(messaging.sms, null);
      await messaging.close();
    }
  });

  test("in development the outbox logs the message instead of sending it", async () => {
    const { log, lines } = capturingLog();
    const messaging = createMessaging(loadConfig({ NODE_ENV: "development" }), log);
    assert.equal(messaging.sms?.name, "development_outbox");
    await messaging.sms!.send({ to: "+9779841234567", body: "123456 is your verification code." });
    await messaging.email!.send({ to: "a@example.com", subject: "s", text: "code 654321", html: "" });
    const logged = lines.map((line) => JSON.parse(line));
    assert.deepEqual(
      logged.map((entry) => entry.outbox),
      [
        { to: "+9779841234567", body: "123456 is your verification code." },
        { to: "a@example.com", body: "code 654321" },
      ],
    );
  });

  test("a configured provider wins over the outbox, and half a Twilio configuration is refused", async () => {
    const { log } = capturingLog();
    const messaging = createMessaging(
      loadConfig({
        NODE_ENV: "development",
        SMS_WEBHOOK_URL: "https://sms.example.com/send",
        SMS_WEBHOOK_SECRET: "0123456789abcdef",
        SMTP_URL: "smtp://127.0.0.1:2525",
      }),
      log,
    );
    assert.equal(messaging.sms?.name, "webhook");
    assert.equal(messaging.email?.name, "smtp");
    await messaging.close();
    assert.throws(() => loadConfig({ TWILIO_ACCOUNT_SID: "AC1" }), /set all three or none/);
    assert.throws(() => loadConfig({ SMS_WEBHOOK_URL: "https://sms.example.com" }), /SMS_WEBHOOK_SECRET/);
  });
});
