// A delivery is sent before its attempt is recorded, so a crash in between must at worst cause a duplicate
// delivery (same X-Webhook-Id: receivers dedupe), never a lost one; and the attempt row, the event's new state
// and the next attempt's job commit together or not at all. The crash is a real database failure: a trigger
// that fails the first attempt insert, run by the real job worker.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import type { JobDefinition } from "../../src/platform/jobs/catalog.js";
import { enqueueJob } from "../../src/platform/jobs/queue.js";
import { type JobWorker, startJobWorker } from "../../src/platform/jobs/worker.js";
import { setWebhookUrl } from "../../src/platform/tenants/tenants.js";
import { deliverWebhookJob } from "../../src/webhooks/deliver-event.js";
import { enqueueWebhookEvent } from "../../src/webhooks/enqueue-event.js";
import { requeueStrandedEvents } from "../../src/webhooks/requeue-stranded.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";

describe("a crash between send and record", () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let worker: JobWorker;

  before(async () => {
    t = await createTestApp({ ALLOW_PRIVATE_TARGETS: "true" });
    receiver = await startWebhookReceiver();
    // A stopped worker still drains on demand: the test decides when jobs run.
    worker = startJobWorker(t.services, [deliverWebhookJob] as JobDefinition<never>[], { pollMs: 60_000 });
    await worker.stop();
    await sql
      .raw(`
        CREATE SEQUENCE crash_once;
        CREATE FUNCTION crash_on_first_record() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF nextval('crash_once') = 1 THEN RAISE EXCEPTION 'simulated crash before recording'; END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER crash_on_first_record BEFORE INSERT ON webhook_attempts
          FOR EACH ROW EXECUTE FUNCTION crash_on_first_record();`)
      .execute(t.services.db);
  });
  after(async () => {
    await receiver.close();
    await t.close();
  });

  const jobsFor = (eventId: string) =>
    t.services.db
      .selectFrom("jobs")
      .select(["id", "status", "attempts", "last_error", "run_at"])
      .where("name", "=", "webhooks.deliver")
      .where("payload", "@>", JSON.stringify({ eventId }) as never)
      .orderBy("id")
      .execute();

  test("the event is sent again with the same X-Webhook-Id, recorded once, and its retry scheduled with it", async () => {
    const tenant = await t.tenant();
    await setWebhookUrl(t.services.db, tenant.tenant_id, receiver.url);
    const eventId = await enqueueWebhookEvent(t.services.db, {
      tenantId: tenant.tenant_id,
      eventType: "identity.kyc.session.approved",
      payload: { session_id: "s-1", status: "approved" },
    });
    receiver.respondWith(500);

    assert.equal(await worker.drain(), 1);
    assert.equal(receiver.received.length, 1, "the receiver got the first send");
    const afterCrash = await t.services.db
      .selectFrom("webhook_events")
      .select(["status", "attempts", "next_attempt_at"])
      .where("id", "=", eventId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(afterCrash, { status: "pending", attempts: 0, next_attempt_at: null });
    const attemptRows = () =>
      t.services.db.selectFrom("webhook_attempts").selectAll().where("event_id", "=", eventId).execute();
    assert.equal((await attemptRows()).length, 0, "nothing of the crashed attempt was recorded");
    const [crashed, ...others] = await jobsFor(eventId);
    assert.equal(others.length, 0, "no retry was scheduled without its attempt record");
    assert.equal(crashed!.status, "queued", "the queue runs the crashed job again");
    assert.match(crashed!.last_error!, /simulated crash/);

    // Its backoff elapses.
    await t.services.db
      .updateTable("jobs")
      .set({ run_at: sql`now()` })
      .where("id", "=", crashed!.id)
      .execute();
    assert.equal(await worker.drain(), 1);
    assert.equal(receiver.received.length, 2);
    assert.deepEqual(
      receiver.received.map((delivery) => delivery.headers["x-webhook-id"]),
      [eventId, eventId],
      "the duplicate carries the same X-Webhook-Id",
    );
    const [recorded] = await attemptRows();
    assert.equal(recorded!.attempt, 1);
    assert.equal(recorded!.status_code, 500);
    assert.equal(recorded!.error_class, "http_status");
    const retried = await t.services.db
      .selectFrom("webhook_events")
      .select(["status", "attempts", "next_attempt_at"])
      .where("id", "=", eventId)
      .executeTakeFirstOrThrow();
    assert.equal(retried.status, "pending");
    assert.equal(retried.attempts, 1);
    const retryJob = (await jobsFor(eventId)).find((job) => job.status === "queued");
    assert.ok(retryJob, "the retry's job committed with the attempt");
    assert.equal(retryJob.run_at.getTime(), retried.next_attempt_at!.getTime());

    // The retry comes due: delivered, with the same id a third time.
    receiver.respondWith(200);
    await t.services.db
      .updateTable("jobs")
      .set({ run_at: sql`now()` })
      .where("id", "=", retryJob.id)
      .execute();
    await t.services.db
      .updateTable("webhook_events")
      .set({ next_attempt_at: sql`now()` })
      .where("id", "=", eventId)
      .execute();
    assert.equal(await worker.drain(), 1);
    assert.equal(receiver.received.at(-1)!.headers["x-webhook-id"], eventId);
    const delivered = await t.services.db
      .selectFrom("webhook_events")
      .select(["status", "attempts"])
      .where("id", "=", eventId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(delivered, { status: "delivered", attempts: 2 });
  });

  test("a stray job for an event whose retry is still ahead does not send it early", async () => {
    const tenant = await t.tenant();
    await setWebhookUrl(t.services.db, tenant.tenant_id, receiver.url);
    const eventId = await enqueueWebhookEvent(t.services.db, {
      tenantId: tenant.tenant_id,
      eventType: "identity.kyc.session.declined",
      payload: { session_id: "s-2", status: "declined" },
    });
    receiver.respondWith(502);
    assert.equal(await worker.drain(), 1);
    const sent = receiver.received.length;
    // A second copy of the event's job, due now (as a queue retry of a job that timed out after recording).
    await enqueueJob(t.services.db, "webhooks.deliver", { eventId });
    assert.equal(await worker.drain(), 1);
    assert.equal(receiver.received.length, sent, "not sent before next_attempt_at");
    const queued = (await jobsFor(eventId)).filter((job) => job.status === "queued");
    assert.equal(queued.length, 1, "the retry's own job still waits for its time");
    const row = await t.services.db
      .selectFrom("webhook_events")
      .select(["status", "attempts"])
      .where("id", "=", eventId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { status: "pending", attempts: 1 });
  });

  test("an event whose job the queue gave up on gets a new one from the sweep; live ones are left alone", async () => {
    const tenant = await t.tenant();
    await setWebhookUrl(t.services.db, tenant.tenant_id, receiver.url);
    const emit = () =>
      enqueueWebhookEvent(t.services.db, {
        tenantId: tenant.tenant_id,
        eventType: "identity.kyc.session.approved",
        payload: { session_id: "s-3" },
      });
    const stranded = await emit();
    const waiting = await emit();
    const fresh = await emit();
    // The stranded event's job failed for good (the database failed on each of its tries); the waiting
    // event's job is still queued; both were announced 20 minutes ago.
    await t.services.db
      .updateTable("jobs")
      .set({ status: "failed", finished_at: sql`now()` })
      .where("payload", "@>", JSON.stringify({ eventId: stranded }) as never)
      .execute();
    await t.services.db
      .updateTable("webhook_events")
      .set({ created_at: sql`now() - interval '20 minutes'` })
      .where("id", "in", [stranded, waiting])
      .execute();
    await t.services.db
      .updateTable("jobs")
      .set({ run_at: sql`now() + interval '1 hour'` })
      .where("payload", "@>", JSON.stringify({ eventId: waiting }) as never)
      .execute();
    await t.services.db
      .updateTable("jobs")
      .set({ run_at: sql`now() + interval '1 hour'` })
      .where("payload", "@>", JSON.stringify({ eventId: fresh }) as never)
      .execute();

    assert.deepEqual(await requeueStrandedEvents(t.services.db), [stranded]);
    receiver.respondWith(200);
    // (An earlier test's retry may come due in the same drain.)
    assert.ok((await worker.drain()) >= 1);
    assert.ok(receiver.received.some((delivery) => delivery.headers["x-webhook-id"] === stranded));
    const row = await t.services.db
      .selectFrom("webhook_events")
      .select("status")
      .where("id", "=", stranded)
      .executeTakeFirstOrThrow();
    assert.equal(row.status, "delivered");
    assert.deepEqual(await requeueStrandedEvents(t.services.db), [], "nothing left to requeue");
  });
});
