// design: jobs — a durable Postgres queue on the same pool; jobs enqueued inside a transaction run only if it
// commits; retries with backoff; crons fire once per interval across processes; the daily usage rollup.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { sql } from "kysely";
import { z } from "zod";
import { debit } from "../../src/platform/credits/ledger.js";
import { withTransaction } from "../../src/platform/db/transaction.js";
import { defineJob, type JobDefinition } from "../../src/platform/jobs/catalog.js";
import { dailyUsageRollupJob } from "../../src/platform/jobs/housekeeping.js";
import {
  claimJobs,
  completeJob,
  enqueueJob,
  renewJobLease,
  requeueStaleJobs,
} from "../../src/platform/jobs/queue.js";
import { fireDueCrons, type JobWorker, startJobWorker } from "../../src/platform/jobs/worker.js";
import { createTenant } from "../../src/platform/tenants/tenants.js";
import { createTestServices, type TestServices } from "../support/test-services.js";

const recorded: string[] = [];

const recordJob = defineJob({
  name: "test.record",
  payload: z.object({ value: z.string() }),
  timeoutMs: 5_000,
  maxAttempts: 3,
  async run({ value }) {
    recorded.push(value);
  },
});

const failingJob = defineJob({
  name: "test.fail",
  payload: z.object({}),
  timeoutMs: 5_000,
  maxAttempts: 3,
  async run() {
    throw new Error("upstream down");
  },
});

const cronJob = defineJob({
  name: "test.cron",
  payload: z.object({}).passthrough(),
  timeoutMs: 5_000,
  maxAttempts: 2,
  cron: { everyMs: 60_000 },
  async run() {},
});

/** A long job (15 min timeout, like an import) that runs until the test lets it go. */
let releaseSlowJob: () => void = () => {};
let slowJobStarted: () => void = () => {};
const slowJob = defineJob({
  name: "test.slow",
  payload: z.object({}),
  timeoutMs: 15 * 60_000,
  maxAttempts: 3,
  async run() {
    slowJobStarted();
    await new Promise<void>((resolve) => {
      releaseSlowJob = resolve;
    });
  },
});

const asJobs = (...jobs: JobDefinition<never>[]) => jobs;

describe("job queue", () => {
  let services: TestServices;
  let worker: JobWorker;
  before(async () => {
    services = await createTestServices();
    // A stopped worker still drains on demand: tests decide exactly when jobs run.
    worker = startJobWorker(services, asJobs(recordJob as never, failingJob as never), { pollMs: 60_000 });
    await worker.stop();
  });
  after(() => services.close());
  beforeEach(() => {
    recorded.length = 0;
  });

  async function jobRow(id: string) {
    return services.db
      .selectFrom("jobs")
      .select([
        "status",
        "attempts",
        "max_attempts",
        "last_error",
        "finished_at",
        "locked_until",
        sql<number>`(extract(epoch FROM run_at - now()) * 1000)::int`.as("due_in_ms"),
      ])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  }

  test("a job enqueued inside a committed transaction runs", async () => {
    const id = await withTransaction(services.db, (tx) =>
      enqueueJob(tx, recordJob.name, { value: "committed" }),
    );
    assert.ok(id);
    assert.equal(await worker.drain(), 1);
    assert.deepEqual(recorded, ["committed"]);
    assert.equal((await jobRow(id)).status, "completed");
  });

  test("a job enqueued inside a rolled-back transaction never runs", async () => {
    await assert.rejects(
      withTransaction(services.db, async (tx) => {
        await enqueueJob(tx, recordJob.name, { value: "rolled back" });
        throw new Error("the change failed");
      }),
      /the change failed/,
    );
    assert.equal(await worker.drain(), 0);
    assert.deepEqual(recorded, []);
    const rows = await services.db
      .selectFrom("jobs")
      .select("id")
      .where(sql<boolean>`payload->>'value' = 'rolled back'`)
      .execute();
    assert.deepEqual(rows, []);
  });

  test("a failing job is retried with backoff, then marked failed after max_attempts", async () => {
    const id = (await enqueueJob(services.db, failingJob.name, {}, { maxAttempts: 3 }))!;
    const seenDue: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      assert.equal(await worker.drain(), 1, `attempt ${attempt} runs`);
      const row = await jobRow(id);
      assert.equal(row.attempts, attempt);
      assert.equal(row.last_error, "upstream down");
      assert.equal(row.locked_until, null);
      if (attempt < 3) {
        assert.equal(row.status, "queued");
        assert.equal(row.finished_at, null);
        seenDue.push(row.due_in_ms);
        assert.equal(await worker.drain(), 0, "not run again before its backoff");
        // Let the backoff pass.
        await services.db
          .updateTable("jobs")
          .set({ run_at: sql`now()` as never })
          .where("id", "=", id)
          .execute();
      } else {
        assert.equal(row.status, "failed");
        assert.ok(row.finished_at);
      }
    }
    // Default backoff: 10 s, then 20 s.
    assert.ok(seenDue[0]! > 8_000 && seenDue[0]! <= 10_000, `first retry in ${seenDue[0]} ms`);
    assert.ok(seenDue[1]! > 18_000 && seenDue[1]! <= 20_000, `second retry in ${seenDue[1]} ms`);
    assert.equal(await worker.drain(), 0, "a failed job stays failed");
  });

  test("a job whose worker died is requeued once its lock lapses, and runs again", async () => {
    const id = (await enqueueJob(services.db, recordJob.name, { value: "orphan" }))!;
    const [claimed] = await claimJobs(services.db, [recordJob.name], 1, 60_000);
    assert.equal(claimed?.id, id);
    assert.equal((await jobRow(id)).status, "running");
    assert.equal(await requeueStaleJobs(services.db), 0, "a live lock is left alone");
    assert.equal(await worker.drain(), 0, "a running job is not claimed twice");
    await services.db
      .updateTable("jobs")
      .set({ locked_until: sql`now() - interval '1 second'` as never })
      .where("id", "=", id)
      .execute();
    assert.equal(await requeueStaleJobs(services.db), 1);
    assert.equal((await jobRow(id)).status, "queued");
    assert.equal(await worker.drain(), 1);
    assert.deepEqual(recorded, ["orphan"]);
    const row = await jobRow(id);
    assert.deepEqual([row.status, row.attempts], ["completed", 2]);
  });

  async function startSlowJob(leaseMs?: number) {
    const started = new Promise<void>((resolve) => {
      slowJobStarted = resolve;
    });
    const slowWorker = startJobWorker(services, asJobs(slowJob as never), {
      pollMs: 20,
      ...(leaseMs ? { leaseMs } : {}),
    });
    const id = (await enqueueJob(services.db, slowJob.name, {}))!;
    await started;
    return { id, slowWorker };
  }

  test("a running job holds a short lease (30 s), not its whole timeout: a dead worker's job is back within a minute", async () => {
    const { id, slowWorker } = await startSlowJob();
    const row = await services.db
      .selectFrom("jobs")
      .select(sql<number>`(extract(epoch FROM locked_until - now()) * 1000)::int`.as("lease_left_ms"))
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    assert.ok(row.lease_left_ms <= 30_000 && row.lease_left_ms > 20_000, `lease ${row.lease_left_ms} ms`);
    releaseSlowJob();
    await slowWorker.stop();
    assert.equal((await jobRow(id)).status, "completed");
  });

  test("the heartbeat renews the lease while the job runs, so a live job is never requeued", async () => {
    const { id, slowWorker } = await startSlowJob(300);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // three leases' worth
    assert.equal(await requeueStaleJobs(services.db), 0, "the lease was renewed");
    const running = await jobRow(id);
    assert.equal(running.status, "running");
    assert.ok(running.locked_until! > new Date(Date.now() - 1_000));
    releaseSlowJob();
    await slowWorker.stop();
    const row = await jobRow(id);
    assert.deepEqual([row.status, row.attempts], ["completed", 1]);
  });

  test("a long job holds one worker slot only: other jobs keep running beside it", async () => {
    const started = new Promise<void>((resolve) => {
      slowJobStarted = resolve;
    });
    const busyWorker = startJobWorker(services, asJobs(slowJob as never, recordJob as never), { pollMs: 20 });
    const slowId = (await enqueueJob(services.db, slowJob.name, {}))!;
    await started;
    const quickId = (await enqueueJob(services.db, recordJob.name, { value: "beside the slow one" }))!;
    const deadline = Date.now() + 10_000;
    while ((await jobRow(quickId)).status !== "completed" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal((await jobRow(quickId)).status, "completed", "the quick job ran while the slow one ran");
    assert.equal((await jobRow(slowId)).status, "running");
    releaseSlowJob();
    await busyWorker.stop();
    assert.equal((await jobRow(slowId)).status, "completed");
  });

  test("a worker whose lease lapsed and was claimed again can neither renew nor complete the job", async () => {
    const id = (await enqueueJob(services.db, recordJob.name, { value: "fenced" }))!;
    const [first] = await claimJobs(services.db, [recordJob.name], 1, 60_000);
    await services.db
      .updateTable("jobs")
      .set({ locked_until: sql`now() - interval '1 second'` as never })
      .where("id", "=", id)
      .execute();
    assert.equal(await requeueStaleJobs(services.db), 1);
    const [second] = await claimJobs(services.db, [recordJob.name], 1, 60_000);
    assert.equal(second?.attempts, 2);
    assert.equal(await renewJobLease(services.db, first!, 60_000), false);
    await completeJob(services.db, first!);
    assert.equal((await jobRow(id)).status, "running", "the new owner's run is not cut short");
    assert.equal(await renewJobLease(services.db, second!, 60_000), true);
    await completeJob(services.db, second!);
    assert.equal((await jobRow(id)).status, "completed");
  });

  test("a dedupe key keeps at most one queued copy", async () => {
    const first = await enqueueJob(services.db, recordJob.name, { value: "one" }, { dedupeKey: "tenant-x" });
    const second = await enqueueJob(services.db, recordJob.name, { value: "two" }, { dedupeKey: "tenant-x" });
    assert.ok(first);
    assert.equal(second, null);
    const other = await enqueueJob(
      services.db,
      recordJob.name,
      { value: "other" },
      { dedupeKey: "tenant-y" },
    );
    assert.ok(other, "another key is independent");
    assert.equal(await worker.drain(), 2);
    assert.deepEqual(recorded.sort(), ["one", "other"]);
    const again = await enqueueJob(
      services.db,
      recordJob.name,
      { value: "three" },
      { dedupeKey: "tenant-x" },
    );
    assert.ok(again, "once the first copy finished, the key is free again");
    await worker.drain();
  });

  test("fireDueCrons enqueues a cron job once per interval, even from two processes at once", async () => {
    const crons = asJobs(cronJob as never);
    const [a, b] = await Promise.all([fireDueCrons(services.db, crons), fireDueCrons(services.db, crons)]);
    assert.deepEqual([...a!, ...b!], [cronJob.name]);
    assert.deepEqual(await fireDueCrons(services.db, crons), [], "not due again within the interval");
    const queued = () =>
      services.db
        .selectFrom("jobs")
        .select(["id", "status", "max_attempts"])
        .where("name", "=", cronJob.name)
        .execute();
    const first = await queued();
    assert.equal(first.length, 1);
    assert.equal(first[0]!.max_attempts, cronJob.maxAttempts);

    // The interval passes (and the first run finished): exactly one more run.
    await services.db
      .updateTable("jobs")
      .set({ status: "completed" })
      .where("name", "=", cronJob.name)
      .execute();
    await services.db
      .updateTable("cron_schedule")
      .set({ next_run_at: sql`now() - interval '1 second'` as never })
      .where("name", "=", cronJob.name)
      .execute();
    const [c, d] = await Promise.all([fireDueCrons(services.db, crons), fireDueCrons(services.db, crons)]);
    assert.equal([...c!, ...d!].length, 1);
    assert.equal((await queued()).length, 2);
  });

  test("the daily usage rollup sums debits per tenant, day and feature; re-running does not double count", async () => {
    const tenant = await createTenant(
      services.db,
      { name: "Rollup", credits: "10" },
      { hooks: services.hooks.tenantCreated },
    );
    const other = await createTenant(
      services.db,
      { name: "Other", credits: "10" },
      { hooks: services.hooks.tenantCreated },
    );
    const charge = (tenantId: string, feature: string) =>
      withTransaction(services.db, (tx) => debit(tx, { tenantId, feature, reason: "tool_usage" }));
    await charge(tenant.tenant_id, "FACE_VERIFY");
    await charge(tenant.tenant_id, "FACE_VERIFY");
    await charge(tenant.tenant_id, "AML_CHECK");
    await charge(other.tenant_id, "FACE_VERIFY");
    await services.db
      .insertInto("credit_ledger")
      .values([
        {
          tenant_id: tenant.tenant_id,
          delta: "-0.5",
          reason: "kyc_module",
          feature: "FACE_VERIFY",
          created_at: sql`now() - interval '1 day'` as never,
        },
        // Not usage: a refund and an adjustment without a feature.
        { tenant_id: tenant.tenant_id, delta: "0.1", reason: "refund", feature: "FACE_VERIFY" },
        { tenant_id: tenant.tenant_id, delta: "-1", reason: "adjust" },
      ])
      .execute();

    const rollupWorker = startJobWorker(services, asJobs(dailyUsageRollupJob as never), { pollMs: 60_000 });
    await rollupWorker.stop();
    const rollup = async () => {
      await enqueueJob(services.db, dailyUsageRollupJob.name, { days: 2 });
      await rollupWorker.drain();
    };
    const usage = () =>
      services.db
        .selectFrom("daily_usage")
        .select([
          sql<string>`(day = (now() AT TIME ZONE 'UTC')::date)::text`.as("today"),
          "feature",
          "uses",
          "credits",
        ])
        .where("tenant_id", "=", tenant.tenant_id)
        .orderBy("day")
        .orderBy("feature")
        .execute();
    const expected = [
      { today: "false", feature: "FACE_VERIFY", uses: 1, credits: "0.5" },
      { today: "true", feature: "AML_CHECK", uses: 1, credits: "0.1" },
      { today: "true", feature: "FACE_VERIFY", uses: 2, credits: "0.2" },
    ];
    await rollup();
    assert.deepEqual(await usage(), expected);
    await rollup();
    assert.deepEqual(await usage(), expected, "a second run recomputes, never adds");

    await charge(tenant.tenant_id, "FACE_VERIFY");
    await rollup();
    assert.deepEqual((await usage())[2], { today: "true", feature: "FACE_VERIFY", uses: 3, credits: "0.3" });
  });
});
