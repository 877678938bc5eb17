// Console: GET /tenants/T/webhook/status and POST /tenants/T/webhook/enable (the CLI's `kyc webhook status|enable
// T`) on an endpoint disabled by real failed deliveries to a loopback receiver; admins only; audited. And
// GET /tenants/T/webhooks/events/E/attempts, each try with the start of the receiver's answer.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setWebhookUrl } from "../../src/platform/tenants/tenants.js";
import { deliverWebhookEvent } from "../../src/webhooks/deliver-event.js";
import { enqueueWebhookEvent } from "../../src/webhooks/enqueue-event.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";
import { auditRows, operator, type TestOperator } from "./console-support.js";

describe("console webhook endpoint status and re-enable", () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let tenant: TestTenant;
  let admin: TestOperator;
  let base: string;

  const emit = () =>
    enqueueWebhookEvent(t.services.db, {
      tenantId: tenant.tenant_id,
      eventType: "identity.kyc.session.approved",
      payload: { session_id: "s-1" },
    });

  before(async () => {
    t = await createTestApp({ ALLOW_PRIVATE_TARGETS: "true" });
    receiver = await startWebhookReceiver();
    tenant = await t.tenant();
    await setWebhookUrl(t.services.db, tenant.tenant_id, receiver.url);
    admin = await operator(t);
    base = `/console/api/tenants/${tenant.tenant_id}`;
  });
  after(async () => {
    await receiver.close();
    await t.close();
  });

  async function disableByFailures(): Promise<void> {
    receiver.respondWith(500);
    for (let i = 0; i < 10; i++) {
      if (i === 9)
        await t.services.db
          .updateTable("webhook_endpoint_health")
          .set({ failing_since: new Date(Date.now() - 6 * 24 * 3_600_000) })
          .where("tenant_id", "=", tenant.tenant_id)
          .execute();
      assert.equal(await deliverWebhookEvent(t.services, await emit()), "retrying");
    }
  }

  test("status shows a disabled endpoint with why and when; enable requeues its held events, audited", async () => {
    const healthy = await t.app.inject({ url: `${base}/webhook/status`, headers: admin.headers });
    assert.equal(healthy.statusCode, 200, healthy.body);
    assert.equal(healthy.json().enabled, true);
    assert.equal(healthy.json().url, receiver.url);

    await disableByFailures();
    const held = await emit();
    assert.equal(await deliverWebhookEvent(t.services, held), "held");
    const disabled = (await t.app.inject({ url: `${base}/webhook/status`, headers: admin.headers })).json();
    assert.equal(disabled.enabled, false);
    assert.ok(disabled.disabled_at);
    assert.match(disabled.disabled_reason, /consecutive failed attempts/);
    assert.equal(disabled.held_events, 1);

    const enabled = await t.app.inject({
      method: "POST",
      url: `${base}/webhook/enable`,
      headers: admin.headers,
    });
    assert.equal(enabled.statusCode, 200, enabled.body);
    assert.deepEqual(enabled.json(), { tenant_id: tenant.tenant_id, was_disabled: true, requeued_events: 1 });
    const audit = await auditRows(t, "webhook.endpoint_enabled", tenant.tenant_id);
    assert.equal(audit.at(-1)!.actor, `operator:${admin.email}`);
    const after = (await t.app.inject({ url: `${base}/webhook/status`, headers: admin.headers })).json();
    assert.equal(after.enabled, true);
    assert.equal(after.held_events, 0);

    receiver.respondWith(200);
    assert.equal(await deliverWebhookEvent(t.services, held), "delivered");
  });

  test("reviewers may not read or enable the endpoint; an unknown tenant answers 404", async () => {
    const reviewer = await operator(t, "reviewer");
    for (const [method, path] of [
      ["GET", "status"],
      ["POST", "enable"],
    ] as const) {
      const forbidden = await t.app.inject({
        method,
        url: `${base}/webhook/${path}`,
        headers: reviewer.headers,
      });
      assert.equal(forbidden.statusCode, 403, `${method} ${path}`);
      const missing = await t.app.inject({
        method,
        url: `/console/api/tenants/00000000-0000-4000-8000-000000000000/webhook/${path}`,
        headers: admin.headers,
      });
      assert.equal(missing.statusCode, 404, `${method} ${path}`);
    }
  });

  test("an event's attempts show each try's status, error class and the start of the receiver's answer", async () => {
    const second = await t.tenant();
    await setWebhookUrl(t.services.db, second.tenant_id, receiver.url);
    const eventId = await enqueueWebhookEvent(t.services.db, {
      tenantId: second.tenant_id,
      eventType: "identity.kyc.session.declined",
      payload: { session_id: "s-2" },
    });
    // A long answer with a NUL: the log keeps its start, readable, and the NUL cannot break the insert.
    receiver.respondWith(503, Buffer.concat([Buffer.from("upstream\0 busy "), Buffer.alloc(5000, "x")]));
    assert.equal(await deliverWebhookEvent(t.services, eventId), "retrying");
    receiver.respondWith(200, '{"received":true}');
    assert.equal(await deliverWebhookEvent(t.services, eventId), "delivered");

    const secondBase = `/console/api/tenants/${second.tenant_id}`;
    const listed = await t.app.inject({
      url: `${secondBase}/webhooks/events/${eventId}/attempts`,
      headers: admin.headers,
    });
    assert.equal(listed.statusCode, 200, listed.body);
    const [failed, delivered] = listed.json();
    assert.equal(listed.json().length, 2);
    assert.equal(failed.attempt, 1);
    assert.equal(failed.url, receiver.url);
    assert.equal(failed.status_code, 503);
    assert.equal(failed.error, "HTTP 503");
    assert.equal(failed.error_class, "http_status");
    assert.ok(failed.response_excerpt.startsWith("upstream\uFFFD busy xxx"), failed.response_excerpt);
    assert.equal(failed.response_excerpt.length, 1000);
    assert.equal(delivered.attempt, 2);
    assert.equal(delivered.status_code, 200);
    assert.equal(delivered.error_class, null);
    assert.equal(delivered.response_excerpt, '{"received":true}');
    receiver.respondWith(200);

    // Under another tenant, or unknown, or not an id: 404; reviewers: 403.
    for (const url of [
      `${base}/webhooks/events/${eventId}/attempts`,
      `${secondBase}/webhooks/events/00000000-0000-4000-8000-000000000000/attempts`,
      `${secondBase}/webhooks/events/not-an-id/attempts`,
    ]) {
      assert.equal((await t.app.inject({ url, headers: admin.headers })).statusCode, 404, url);
    }
    const reviewer = await operator(t, "reviewer");
    const forbidden = await t.app.inject({
      url: `${secondBase}/webhooks/events/${eventId}/attempts`,
      headers: reviewer.headers,
    });
    assert.equal(forbidden.statusCode, 403);
  });

  test("both routes are in the OpenAPI document under the console tag", async () => {
    const paths = (await t.app.inject({ url: "/openapi.json" })).json().paths;
    assert.equal(paths["/console/api/tenants/{tenant_id}/webhook/enable"].post.tags[0], "console");
    assert.equal(paths["/console/api/tenants/{tenant_id}/webhook/status"].get.tags[0], "console");
  });
});
