// The record phase on a real database: one attempt row per try, and a run that lost a race (another run of
// the same event recorded first) only counts its attempt — it neither undoes a delivery nor schedules a retry.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setWebhookUrl } from "../../src/platform/tenants/tenants.js";
import { deliverWebhookEvent } from "../../src/webhooks/deliver-event.js";
import { enqueueWebhookEvent } from "../../src/webhooks/enqueue-event.js";
import { loadPendingDelivery } from "../../src/webhooks/load-delivery.js";
import { recordAttempt } from "../../src/webhooks/record-attempt.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";

describe("recording an attempt", () => {
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

  test("a late failure from a run that lost the race is counted but does not undo the delivery", async () => {
    const tenant = await t.tenant();
    await setWebhookUrl(t.services.db, tenant.tenant_id, receiver.url);
    const id = await enqueueWebhookEvent(t.services.db, {
      tenantId: tenant.tenant_id,
      eventType: "identity.kyc.session.approved",
      payload: { session_id: "s-1" },
    });
    // Run A loads the event and is still waiting for the receiver when run B delivers it.
    const loadedByA = await loadPendingDelivery(t.services.db, id);
    assert.ok(loadedByA);
    receiver.respondWith(200);
    assert.equal(await deliverWebhookEvent(t.services, id), "delivered");
    const jobsBefore = await t.services.db.selectFrom("jobs").select("id").execute();

    const late = await recordAttempt(t.services.db, loadedByA, receiver.url, {
      statusCode: null,
      durationMs: 15_000,
      error: "timed out after 15000 ms",
      errorClass: "timeout",
      responseExcerpt: null,
    });
    assert.equal(late.attempt, 2);
    assert.equal(late.retryAt, null, "the lost run schedules nothing");
    const event = await t.services.db
      .selectFrom("webhook_events")
      .select(["status", "attempts", "last_error"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(event, { status: "delivered", attempts: 2, last_error: null });
    const attempts = await t.services.db
      .selectFrom("webhook_attempts")
      .select(["attempt", "status_code", "error_class"])
      .where("event_id", "=", id)
      .orderBy("attempt")
      .execute();
    assert.deepEqual(attempts, [
      { attempt: 1, status_code: 200, error_class: null },
      { attempt: 2, status_code: null, error_class: "timeout" },
    ]);
    const jobsAfter = await t.services.db.selectFrom("jobs").select("id").execute();
    assert.equal(jobsAfter.length, jobsBefore.length, "no retry job was queued");
  });
});
