// An endpoint is disabled after a long run of failures (no successful attempt for 5 days and at least 10
// failed attempts in a row), with why and when, an audit row and a log line; a disabled endpoint is not
// contacted, its events wait as failed, and `kyc webhook enable` sends them again with the same ids.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { pino } from "pino";
import { runOperatorCommand } from "../../src/composition/operator-commands.js";
import { setWebhookUrl } from "../../src/platform/tenants/tenants.js";
import { deliverWebhookEvent } from "../../src/webhooks/deliver-event.js";
import { getWebhookEndpointStatus } from "../../src/webhooks/enable-endpoint.js";
import { enqueueWebhookEvent } from "../../src/webhooks/enqueue-event.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";

describe("disabling a failing webhook endpoint", () => {
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

  async function tenantWithReceiver(): Promise<TestTenant> {
    const tenant = await t.tenant();
    await setWebhookUrl(t.services.db, tenant.tenant_id, receiver.url);
    return tenant;
  }

  function emit(tenant: TestTenant): Promise<string> {
    return enqueueWebhookEvent(t.services.db, {
      tenantId: tenant.tenant_id,
      eventType: "identity.kyc.session.approved",
      payload: { session_id: "s-1", status: "approved" },
    });
  }

  /** One failed first attempt per new event (each then waits for its retry). */
  async function failAttempts(tenant: TestTenant, count: number): Promise<string[]> {
    receiver.respondWith(500);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const id = await emit(tenant);
      assert.equal(await deliverWebhookEvent(t.services, id), "retrying");
      ids.push(id);
    }
    return ids;
  }

  /** Moves the start of the failure streak back in time (the 5 days the rule waits for). */
  async function streakStartedAgo(tenant: TestTenant, ms: number): Promise<void> {
    await t.services.db
      .updateTable("webhook_endpoint_health")
      .set({ failing_since: new Date(Date.now() - ms) })
      .where("tenant_id", "=", tenant.tenant_id)
      .execute();
  }

  const DAY = 24 * 3_600_000;
  const health = (tenant: TestTenant) => getWebhookEndpointStatus(t.services.db, tenant.tenant_id);

  test("5 days of failures and the 10th failed attempt disable the endpoint, with reason, audit row and log line", async () => {
    const tenant = await tenantWithReceiver();
    await failAttempts(tenant, 8);
    await streakStartedAgo(tenant, 5 * DAY + 60_000);
    await failAttempts(tenant, 1);
    assert.equal((await health(tenant)).enabled, true, "9 failed attempts are not enough");

    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: "warn" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    receiver.respondWith(503);
    const id = await emit(tenant);
    assert.equal(await deliverWebhookEvent({ ...t.services, log }, id), "retrying");

    const status = await health(tenant);
    assert.equal(status.enabled, false);
    assert.equal(status.consecutive_failures, 10);
    assert.ok(status.disabled_at);
    assert.match(status.disabled_reason!, /10 consecutive failed attempts; last error: HTTP 503/);
    const audit = await t.services.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "webhook.endpoint_disabled")
      .where("tenant_id", "=", tenant.tenant_id)
      .execute();
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.actor, "system");
    assert.equal((audit[0]!.data as { url: string }).url, receiver.url);
    const disabledLine = lines.find((line) => /endpoint disabled/.test(String(line.msg)));
    assert.ok(disabledLine, "a log line announces the disable");
    assert.equal(disabledLine.tenantId, tenant.tenant_id);
  });

  test("a long streak of failures younger than 5 days does not disable the endpoint", async () => {
    const tenant = await tenantWithReceiver();
    await failAttempts(tenant, 12);
    await streakStartedAgo(tenant, 5 * DAY - 3_600_000);
    await failAttempts(tenant, 1);
    const status = await health(tenant);
    assert.equal(status.enabled, true);
    assert.equal(status.consecutive_failures, 13);
  });

  test("a success ends the streak; a new destination starts its own", async () => {
    const tenant = await tenantWithReceiver();
    await failAttempts(tenant, 3);
    assert.equal((await health(tenant)).consecutive_failures, 3);
    receiver.respondWith(200);
    assert.equal(await deliverWebhookEvent(t.services, await emit(tenant)), "delivered");
    const healed = await health(tenant);
    assert.equal(healed.consecutive_failures, 0);
    assert.equal(healed.failing_since, null);
    assert.ok(healed.last_success_at);

    await failAttempts(tenant, 2);
    await streakStartedAgo(tenant, 6 * DAY);
    await setWebhookUrl(t.services.db, tenant.tenant_id, `${receiver.url}/v2`);
    await failAttempts(tenant, 1);
    const restarted = await health(tenant);
    assert.equal(restarted.consecutive_failures, 1);
    assert.ok(Date.now() - Date.parse(restarted.failing_since!) < 60_000, "the streak restarted");
  });

  test("a disabled endpoint is not contacted; its events wait as failed and enabling sends them with the same ids", async () => {
    const tenant = await tenantWithReceiver();
    const [retrying] = await failAttempts(tenant, 9);
    await streakStartedAgo(tenant, 6 * DAY);
    await failAttempts(tenant, 1);
    assert.equal((await health(tenant)).enabled, false);

    const contacted = receiver.received.length;
    const fresh = await emit(tenant);
    assert.equal(await deliverWebhookEvent(t.services, fresh), "held");
    assert.equal(await deliverWebhookEvent(t.services, retrying!), "held", "a pending retry is held too");
    assert.equal(receiver.received.length, contacted, "the disabled endpoint was not contacted");
    const held = await t.services.db
      .selectFrom("webhook_events")
      .select(["status", "last_error", "next_attempt_at"])
      .where("id", "=", fresh)
      .executeTakeFirstOrThrow();
    assert.deepEqual(held, { status: "failed", last_error: "endpoint_disabled", next_attempt_at: null });
    const attempts = await t.services.db
      .selectFrom("webhook_attempts")
      .select("id")
      .where("event_id", "=", fresh)
      .execute();
    assert.equal(attempts.length, 0, "a held event records no attempt");
    assert.equal((await health(tenant)).held_events, 2);

    const enabled = await runOperatorCommand(t.services, ["webhook", "enable", tenant.tenant_id]);
    assert.deepEqual(enabled, { tenant_id: tenant.tenant_id, was_disabled: true, requeued_events: 2 });
    const status = await health(tenant);
    assert.equal(status.enabled, true);
    assert.equal(status.consecutive_failures, 0);
    assert.equal(status.held_events, 0);
    const jobs = await t.services.db
      .selectFrom("jobs")
      .select("payload")
      .where("name", "=", "webhooks.deliver")
      .where("status", "=", "queued")
      .where("payload", "@>", JSON.stringify({ eventId: fresh }) as never)
      .execute();
    assert.ok(jobs.length >= 1, "the held event is queued again");

    receiver.respondWith(200);
    assert.equal(await deliverWebhookEvent(t.services, fresh), "delivered");
    assert.equal(receiver.received.at(-1)!.headers["x-webhook-id"], fresh);
    const audit = await t.services.db
      .selectFrom("audit_log")
      .select(["actor", "data"])
      .where("action", "=", "webhook.endpoint_enabled")
      .where("tenant_id", "=", tenant.tenant_id)
      .executeTakeFirstOrThrow();
    assert.equal(audit.actor, "cli");
    assert.equal((audit.data as { requeued_events: number }).requeued_events, 2);

    const again = await runOperatorCommand(t.services, ["webhook", "enable", tenant.tenant_id]);
    assert.deepEqual(again, { tenant_id: tenant.tenant_id, was_disabled: false, requeued_events: 0 });
  });

  test("kyc webhook status reports the endpoint; an unknown tenant is not found", async () => {
    const tenant = await tenantWithReceiver();
    const status = (await runOperatorCommand(t.services, ["webhook", "status", tenant.tenant_id])) as {
      url: string;
      enabled: boolean;
    };
    assert.equal(status.url, receiver.url);
    assert.equal(status.enabled, true);
    await assert.rejects(
      runOperatorCommand(t.services, ["webhook", "enable", "00000000-0000-4000-8000-000000000000"]),
      { code: "not_found" },
    );
  });
});
