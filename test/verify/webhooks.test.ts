// spec: Events — delivery rules; design: signature layout, 15 s timeout, retries after 5 s, 5 min, 30 min,
// 2 h, 5 h, 10 h, 10 h (each ±10 % jitter), then failed and resendable; private targets refused unless
// ALLOW_PRIVATE_TARGETS.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { runOperatorCommand } from "../../src/composition/operator-commands.js";
import { checkTarget, postToTarget } from "../../src/platform/net/safe-request.js";
import { setWebhookUrl } from "../../src/platform/tenants/tenants.js";
import { deliverWebhookEvent, RETRY_DELAYS_MS } from "../../src/webhooks/deliver-event.js";
import { enqueueWebhookEvent } from "../../src/webhooks/enqueue-event.js";
import { resendWebhookEvent } from "../../src/webhooks/resend-event.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import {
  startWebhookReceiver,
  verifyStripeStyle,
  type WebhookReceiver,
} from "../support/webhook-receiver.js";

async function emit(
  t: TestApp,
  tenant: TestTenant,
  eventType = "identity.kyc.session.approved",
): Promise<string> {
  return enqueueWebhookEvent(t.services.db, {
    tenantId: tenant.tenant_id,
    eventType,
    payload: { session_id: "s-1", status: "approved", event_type: eventType },
  });
}

async function eventRow(t: TestApp, id: string) {
  return t.services.db
    .selectFrom("webhook_events")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

describe("webhook delivery (private targets allowed for the loopback receiver)", () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  before(async () => {
    t = await createTestApp({ ALLOW_PRIVATE_TARGETS: "true" });
    receiver = await startWebhookReceiver();
  });
  after(async () => {
    await receiver.close();
    await t.close();
  });

  async function tenantWithReceiver() {
    const tenant = await t.tenant();
    await setWebhookUrl(t.services.db, tenant.tenant_id, receiver.url);
    return tenant;
  }

  test("a failing receiver gets a retry after 5 s; a later success delivers with the same X-Webhook-Id", async () => {
    const tenant = await tenantWithReceiver();
    const id = await emit(t, tenant);
    receiver.respondWith(500);
    const before = receiver.received.length;
    const started = Date.now();
    assert.equal(await deliverWebhookEvent(t.services, id), "retrying");
    assert.equal(receiver.received.length, before + 1);
    const pending = await eventRow(t, id);
    assert.equal(pending.status, "pending");
    assert.equal(pending.attempts, 1);
    assert.equal(pending.last_error, "HTTP 500");
    const delay = pending.next_attempt_at!.getTime() - started;
    assert.ok(delay >= 4_000 && delay <= 7_000, `next attempt in ${delay} ms`);
    const attempts = await t.services.db
      .selectFrom("webhook_attempts")
      .select(["attempt", "status_code", "url", "error", "error_class", "duration_ms"])
      .where("event_id", "=", id)
      .execute();
    assert.equal(attempts.length, 1);
    const { duration_ms: durationMs, ...attempt } = attempts[0]!;
    assert.deepEqual(attempt, {
      attempt: 1,
      status_code: 500,
      url: receiver.url,
      error: "HTTP 500",
      error_class: "http_status",
    });
    assert.ok(durationMs >= 0 && durationMs < 15_000);
    const jobs = await t.services.db
      .selectFrom("jobs")
      .select(["run_at", "status"])
      .where("name", "=", "webhooks.deliver")
      .where("status", "=", "queued")
      .where("payload", "@>", JSON.stringify({ eventId: id }) as never)
      .execute();
    assert.ok(
      jobs.some((job) => Math.abs(job.run_at.getTime() - pending.next_attempt_at!.getTime()) < 1000),
      "a delivery job is queued for the retry time",
    );

    receiver.respondWith(200);
    assert.equal(await deliverWebhookEvent(t.services, id), "delivered");
    const delivered = await eventRow(t, id);
    assert.equal(delivered.status, "delivered");
    assert.ok(delivered.delivered_at);
    const [first, second] = receiver.received.slice(-2);
    assert.equal(first!.headers["x-webhook-id"], id);
    assert.equal(second!.headers["x-webhook-id"], id);
    assert.equal(second!.headers["x-webhook-event"], "identity.kyc.session.approved");
    assert.ok(
      verifyStripeStyle(
        tenant.webhook_signing_secret,
        String(second!.headers["x-webhook-signature"]),
        second!.body,
      ),
    );
    assert.equal(await deliverWebhookEvent(t.services, id), "skipped", "a delivered event is not sent again");
  });

  test("the retry schedule is the design's", () => {
    assert.deepEqual(
      RETRY_DELAYS_MS,
      [5, 300, 1800, 7200, 18000, 36000, 36000].map((seconds) => seconds * 1000),
    );
  });

  test("after the schedule is exhausted the event is failed, and a resend delivers it again", async () => {
    const tenant = await tenantWithReceiver();
    const id = await emit(t, tenant);
    receiver.respondWith(503);
    const outcomes: string[] = [];
    for (let i = 0; i <= RETRY_DELAYS_MS.length; i++)
      outcomes.push(await deliverWebhookEvent(t.services, id));
    assert.deepEqual(outcomes, [...RETRY_DELAYS_MS.map(() => "retrying"), "failed"]);
    const failed = await eventRow(t, id);
    assert.equal(failed.status, "failed");
    assert.equal(failed.next_attempt_at, null);
    assert.equal(failed.attempts, RETRY_DELAYS_MS.length + 1);
    assert.equal(await deliverWebhookEvent(t.services, id), "skipped");

    receiver.respondWith(200);
    await resendWebhookEvent(t.services.db, tenant.tenant_id, id);
    assert.equal((await eventRow(t, id)).status, "pending");
    assert.equal(await deliverWebhookEvent(t.services, id), "delivered");
    assert.equal(receiver.received.at(-1)!.headers["x-webhook-id"], id);
    const other = await t.tenant();
    await assert.rejects(resendWebhookEvent(t.services.db, other.tenant_id, id), { code: "not_found" });
  });

  test("the CLI resends too", async () => {
    const tenant = await tenantWithReceiver();
    const id = await emit(t, tenant);
    receiver.respondWith(200);
    assert.equal(await deliverWebhookEvent(t.services, id), "delivered");
    await runOperatorCommand(t.services, ["webhook", "resend", tenant.tenant_id, id]);
    assert.equal(await deliverWebhookEvent(t.services, id), "delivered");
    const attempts = await t.services.db
      .selectFrom("webhook_attempts")
      .select("attempt")
      .where("event_id", "=", id)
      .execute();
    assert.equal(attempts.length, 2);
  });

  test("a tenant without a signing secret gets deliveries without the signature header", async () => {
    const tenant = await tenantWithReceiver();
    await t.services.db
      .updateTable("tenants")
      .set({ webhook_signing_secret: null })
      .where("id", "=", tenant.tenant_id)
      .execute();
    const id = await emit(t, tenant);
    receiver.respondWith(200);
    assert.equal(await deliverWebhookEvent(t.services, id), "delivered");
    const delivery = receiver.received.at(-1)!;
    assert.equal(delivery.headers["x-webhook-id"], id);
    assert.equal(delivery.headers["x-webhook-signature"], undefined);
  });

  test("a tenant without a destination records the event as skipped", async () => {
    const tenant = await t.tenant();
    const id = await emit(t, tenant);
    assert.equal((await eventRow(t, id)).status, "skipped");
  });
});

describe("webhook destinations (ALLOW_PRIVATE_TARGETS off)", () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  before(async () => {
    t = await createTestApp();
    receiver = await startWebhookReceiver();
  });
  after(async () => {
    await receiver.close();
    await t.close();
  });

  const port = () => new URL(receiver.url).port;
  const privateTargets = () => [
    receiver.url,
    `http://10.0.0.7:${port()}/hooks`,
    "http://169.254.169.254/latest/meta-data/",
    `http://[::1]:${port()}/hooks`,
    `http://localhost:${port()}/hooks`,
    "http://192.168.1.10/hooks",
    "http://172.16.5.4/hooks",
  ];

  test("loopback, private and link-local destinations fail as blocked_address and are never contacted", async () => {
    for (const url of privateTargets()) {
      const tenant = await t.tenant();
      // Stored directly (as an older row could be): delivery re-checks every time.
      await setWebhookUrl(t.services.db, tenant.tenant_id, url);
      const id = await emit(t, tenant);
      const before = receiver.received.length;
      assert.equal(await deliverWebhookEvent(t.services, id), "failed", url);
      const row = await eventRow(t, id);
      assert.equal(row.status, "failed", url);
      assert.match(row.last_error ?? "", /^blocked_address \(.*ALLOW_PRIVATE_TARGETS=true/, url);
      assert.equal(receiver.received.length, before, `${url} was contacted`);
      const attempt = await t.services.db
        .selectFrom("webhook_attempts")
        .select(["status_code", "error_class"])
        .where("event_id", "=", id)
        .executeTakeFirstOrThrow();
      assert.deepEqual(attempt, { status_code: null, error_class: "target_refused" }, url);
    }
  });

  test("kyc webhook set refuses them and accepts a public https URL", async () => {
    const tenant = await t.tenant();
    for (const url of privateTargets()) {
      await assert.rejects(
        runOperatorCommand(t.services, ["webhook", "set", tenant.tenant_id, url]),
        (error: Error & { code?: string }) =>
          error.code === "validation_failed" &&
          /blocked_address/.test(error.message) &&
          // The refusal names the setting that allows a local receiver (off by default).
          error.message.includes("ALLOW_PRIVATE_TARGETS=true"),
        url,
      );
    }
    await runOperatorCommand(t.services, ["webhook", "set", tenant.tenant_id, "https://93.184.215.14/hooks"]);
    const row = await t.services.db
      .selectFrom("tenants")
      .select("webhook_url")
      .where("id", "=", tenant.tenant_id)
      .executeTakeFirstOrThrow();
    assert.equal(row.webhook_url, "https://93.184.215.14/hooks");
  });

  test("non-http schemes are refused", async () => {
    await assert.rejects(checkTarget("ftp://example.com/x", { allowPrivate: true }), {
      reason: "bad_scheme",
    });
    await assert.rejects(checkTarget("not a url", { allowPrivate: true }), { reason: "bad_url" });
  });
});

describe("delivery timeout", () => {
  let server: Server;
  let url: string;
  before(async () => {
    // Accepts the request and never answers.
    server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  test("a receiver that never answers fails after the timeout", async () => {
    const target = await checkTarget(url, { allowPrivate: true });
    const started = Date.now();
    await assert.rejects(postToTarget(target, "{}", {}, 300), /timed out after 300 ms/);
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= 250 && elapsed < 3000, `${elapsed} ms`);
  });
});
