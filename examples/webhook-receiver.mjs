#!/usr/bin/env node
// A local webhook receiver for the quick start: verifies each delivery's X-Webhook-Signature
// (t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>, at most 5 minutes old) on the raw body,
// prints the event, and answers 200 (anything else makes the service retry).
//   WEBHOOK_SECRET=whsec_… node examples/webhook-receiver.mjs [port]      (default port 4000)
// In TypeScript, packages/sdk's verifyWebhook does the same check with typed payloads.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

const secret = process.env.WEBHOOK_SECRET;
if (!secret) {
  console.error("Set WEBHOOK_SECRET to the tenant's webhook_signing_secret.");
  process.exit(2);
}
const port = Number(process.argv[2] ?? 4000);

function verified(rawBody, header) {
  const fields = Object.fromEntries(
    String(header ?? "")
      .split(",")
      .map((part) => part.split("=", 2)),
  );
  const timestamp = Number(fields.t);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest();
  const given = Buffer.from(fields.v1 ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const raw = Buffer.concat(chunks);
    if (!verified(raw, request.headers["x-webhook-signature"])) {
      console.log(`REJECTED ${request.headers["x-webhook-id"]}: bad or old signature`);
      response.writeHead(401).end();
      return;
    }
    const event = JSON.parse(raw.toString("utf8"));
    console.log(
      `verified ${request.headers["x-webhook-event"]} id=${request.headers["x-webhook-id"]} ` +
        `session=${event.session_id ?? "-"} status=${event.status ?? "-"} test=${event.test ?? false}`,
    );
    response.writeHead(200).end("ok");
  });
}).listen(port, "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${port}/hooks`));
