// A crash during POST finish never wedges the session (issue 22, finding 4): the decision is a durable job,
// one per session, so a retry of finish — or a worker — completes it; it is made exactly once.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import { claimJobById, requeueStaleJobs } from "../../src/platform/jobs/queue.js";
import { startJobWorker } from "../../src/platform/jobs/worker.js";
import {
  DECIDE_SESSION_JOB,
  decideSessionJob,
  requestDecision,
} from "../../src/verify/decision/decide-session-job.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { createSessionOver, questionnaireWorkflow } from "./session-fixtures.js";

describe("decision recovery after a crash during finish", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let workflowId: string;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant();
    workflowId = await questionnaireWorkflow(t, tenant);
  });
  after(() => t.close());

  /** A decision run that claimed its job and died: its job is running and its lease has already lapsed. */
  async function deadDecisionRun(sessionId: string): Promise<string> {
    const jobId = await requestDecision(t.services, tenant.tenant_id, sessionId);
    assert.ok(await claimJobById(t.services.db, jobId, 60_000));
    await t.services.db
      .updateTable("jobs")
      .set({ locked_until: sql`now() - interval '1 second'` as never })
      .where("id", "=", jobId)
      .execute();
    return jobId;
  }

  /** A session whose only step is answered: the next call is finish. */
  async function readyToFinish() {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
    await t.app.inject({ url: `/flow-api/${session.token}/state` });
    const step = await t.app.inject({
      method: "POST",
      url: `/flow-api/${session.token}/steps/questions`,
      payload: { answers: { occupation: "Teacher", funds: "salary" } },
    });
    assert.equal(step.statusCode, 200, step.body);
    return session;
  }

  const finish = (token: string) => t.app.inject({ method: "POST", url: `/flow-api/${token}/finish` });

  async function decisionCount(sessionId: string) {
    const events = await t.services.db
      .selectFrom("session_events")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("session_id", "=", sessionId)
      .where("type", "=", "decision.made")
      .executeTakeFirstOrThrow();
    const webhooks = await t.services.db
      .selectFrom("webhook_events")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("session_id", "=", sessionId)
      .executeTakeFirstOrThrow();
    return { decisions: events.n, webhooks: webhooks.n };
  }

  test("a retry of finish after a crash that left the session processing gets the decision, not 409", async () => {
    const session = await readyToFinish();
    // What a process killed mid-decision left behind before decisions were jobs: the claim, nothing else.
    await t.services.db
      .updateTable("sessions")
      .set({ stage: "processing" })
      .where("id", "=", session.id)
      .execute();
    const retried = await finish(session.token);
    assert.equal(retried.statusCode, 200, retried.body);
    assert.equal(retried.json().status, "approved");
    assert.deepEqual(await decisionCount(session.id), { decisions: 1, webhooks: 1 });
  });

  test("a finish whose process died mid-decision is taken over by the retry once its lease lapses", async () => {
    const session = await readyToFinish();
    // The dead request: it claimed the decision and its job, then vanished.
    const jobId = await deadDecisionRun(session.id);
    const retried = await finish(session.token);
    assert.equal(retried.statusCode, 200, retried.body);
    assert.equal(retried.json().status, "approved");
    const job = await t.services.db
      .selectFrom("jobs")
      .select(["status", "attempts"])
      .where("id", "=", jobId)
      .executeTakeFirstOrThrow();
    assert.deepEqual([job.status, job.attempts], ["completed", 2]);
    assert.deepEqual(await decisionCount(session.id), { decisions: 1, webhooks: 1 });
  });

  test("with no retry from the applicant, a worker decides the session once the dead run's lease lapses", async () => {
    // A stopped worker drains on demand: the test decides when the job runs.
    const worker = startJobWorker(t.services, [decideSessionJob as never], { pollMs: 60_000 });
    await worker.stop();
    const session = await readyToFinish();
    await deadDecisionRun(session.id);
    assert.equal(await requeueStaleJobs(t.services.db), 1);
    assert.equal(await worker.drain(), 1);
    const state = await t.app.inject({ url: `/flow-api/${session.token}/state` });
    assert.equal(state.json().status, "approved");
    assert.deepEqual(await decisionCount(session.id), { decisions: 1, webhooks: 1 });
  });

  test("two finishes at once decide once and both answer with the outcome", async () => {
    const session = await readyToFinish();
    const [a, b] = await Promise.all([finish(session.token), finish(session.token)]);
    assert.deepEqual([a.statusCode, b.statusCode].sort(), [200, 200], `${a.body} / ${b.body}`);
    assert.equal(a.json().status, "approved");
    assert.equal(b.json().status, "approved");
    assert.deepEqual(await decisionCount(session.id), { decisions: 1, webhooks: 1 });
    const jobs = await t.services.db
      .selectFrom("jobs")
      .select("status")
      .where("name", "=", DECIDE_SESSION_JOB)
      .where("dedupe_key", "=", session.id)
      .execute();
    assert.deepEqual(jobs, [{ status: "completed" }]);
  });

  test("a decided session still refuses another finish (409 session_closed)", async () => {
    const session = await readyToFinish();
    assert.equal((await finish(session.token)).statusCode, 200);
    const again = await finish(session.token);
    assert.equal(again.statusCode, 409);
  });
});
