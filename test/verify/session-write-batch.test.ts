// Session creates that arrive together share a transaction (session-write-batch.ts): every one is still
// written whole with its own debit, and a batch that cannot be written as a whole (a balance covering only
// some) leaves nothing behind and answers each create as it would have been answered alone.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { balanceOf } from "../../src/platform/credits/ledger.js";
import { setRate } from "../../src/platform/credits/rates.js";
import { newId } from "../../src/platform/ids.js";
import { setFeatures } from "../../src/platform/tenants/entitlements.js";
import type { SessionWrite } from "../../src/verify/sessions/session-rows.js";
import { writeSessionBatched } from "../../src/verify/sessions/session-write-batch.js";
import { workflowForSession } from "../../src/verify/workflows/workflows.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";

describe("session create batching", () => {
  let t: TestApp;

  before(async () => {
    t = await createTestApp({ RATE_LIMIT_KYC_V3_SESSION_CREATE: "100000" });
  });
  after(() => t.close());

  const create = (tenant: TestTenant, vendorData: string) =>
    t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: { vendor_data: vendorData, metadata: { n: vendorData } },
    });

  /** A plain create as createSession hands it to the batch writer. */
  async function writeFor(tenant: TestTenant, vendorData: string): Promise<SessionWrite> {
    const workflow = await workflowForSession(t.services.db, tenant.tenant_id);
    return {
      id: newId(),
      tenantId: tenant.tenant_id,
      workflow,
      tokenHash: newId(),
      vendorData,
      reference: undefined,
      applicationId: null,
      callbackUrl: null,
      contactEmail: null,
      contactPhone: null,
      locale: "en",
      metadata: { n: vendorData },
      prefill: {},
      idempotencyKey: null,
      test: false,
      rate: "1",
      expiresInHours: 48,
      actor: "api",
    };
  }

  async function rowsOf(tenantId: string) {
    const count = async (table: "sessions" | "session_nodes" | "session_events") =>
      Number(
        (
          await t.services.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .where("tenant_id", "=", tenantId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const debits = await t.services.db
      .selectFrom("credit_ledger")
      .select(["session_id", "delta"])
      .where("tenant_id", "=", tenantId)
      .where("reason", "=", "session_create")
      .execute();
    return {
      sessions: await count("sessions"),
      nodes: await count("session_nodes"),
      events: await count("session_events"),
      debits,
    };
  }

  /** Counts the statements writing sessions while `work` runs (the pg client sees every statement). */
  async function countSessionWrites(work: () => Promise<unknown>): Promise<number> {
    let statements = 0;
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (text !== undefined && /insert into "?sessions"? /i.test(text)) statements += 1;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      await work();
    } finally {
      pg.Client.prototype.query = original;
    }
    return statements;
  }

  test("concurrent creates share statements and each has its session, nodes, event and debit", async () => {
    const tenant = await t.tenant({ credits: "100" });
    // Two creates for the same end user go to different batches and link the same identity.
    const users = Array.from({ length: 16 }, (_, i) => (i === 15 ? "user-0" : `user-${i}`));
    const writes = await Promise.all(users.map((user) => writeFor(tenant, user)));
    // The first is written at once; the others, queued meanwhile, share the following statements.
    const statements = await countSessionWrites(() =>
      Promise.all(writes.map((write) => writeSessionBatched(t.services.db, write))),
    );
    assert.ok(statements >= 1 && statements <= 3, `${statements} statements for ${users.length} creates`);
    const ids = writes.map((write) => write.id);
    const rows = await rowsOf(tenant.tenant_id);
    assert.equal(rows.sessions, users.length);
    assert.equal(rows.events, users.length);
    const nodesPerSession = rows.nodes / users.length;
    assert.ok(Number.isInteger(nodesPerSession) && nodesPerSession > 0);
    assert.deepEqual(rows.debits.map((row) => row.session_id).sort(), [...ids].sort());
    for (const row of rows.debits) assert.equal(Number(row.delta), -1);
    assert.equal(Number(await balanceOf(t.services.db, tenant.tenant_id)), 100 - users.length);

    const sessions = await t.services.db
      .selectFrom("sessions")
      .select(["id", "vendor_data", "individual_id", "metadata"])
      .where("id", "in", ids)
      .execute();
    const individualOf = (user: string) =>
      new Set(sessions.filter((row) => row.vendor_data === user).map((row) => row.individual_id));
    assert.equal(individualOf("user-0").size, 1);
    assert.notEqual([...individualOf("user-0")][0], null);
    assert.notDeepEqual(individualOf("user-0"), individualOf("user-1"));
    for (const row of sessions) assert.deepEqual(row.metadata, { n: row.vendor_data });
  });

  test("a balance covering only some of a batch: the covered ones are written, the rest are 402 with nothing left", async () => {
    const tenant = await t.tenant({ credits: "3" });
    const writes = await Promise.all(Array.from({ length: 8 }, (_, i) => writeFor(tenant, `short-${i}`)));
    const outcomes = await Promise.allSettled(
      writes.map((write) => writeSessionBatched(t.services.db, write)),
    );
    const created = writes.filter((_, i) => outcomes[i]!.status === "fulfilled");
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    assert.equal(created.length, 3, outcomes.map((outcome) => outcome.status).join(","));
    assert.equal(refused.length, 5);
    for (const outcome of refused)
      assert.equal((outcome.reason as { code?: string }).code, "insufficient_credits");

    const rows = await rowsOf(tenant.tenant_id);
    const ids = created.map((write) => write.id).sort();
    assert.equal(rows.sessions, 3);
    assert.equal(rows.events, 3);
    assert.deepEqual(rows.debits.map((row) => row.session_id).sort(), ids);
    assert.equal(Number(await balanceOf(t.services.db, tenant.tenant_id)), 0);
    // No identity was left behind by a rolled-back batch.
    const individuals = await t.services.db
      .selectFrom("individuals")
      .select("external_user_id")
      .where("tenant_id", "=", tenant.tenant_id)
      .execute();
    assert.equal(individuals.length, 3);
  });

  test("over HTTP, concurrent creates of one tenant are all 201 with one debit each", async () => {
    const tenant = await t.tenant({ credits: "20" });
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => create(tenant, `http-${i}`)));
    for (const response of responses) assert.equal(response.statusCode, 201, response.body);
    const rows = await rowsOf(tenant.tenant_id);
    assert.equal(rows.sessions, 12);
    assert.equal(rows.debits.length, 12);
    assert.equal(Number(await balanceOf(t.services.db, tenant.tenant_id)), 8);
  });

  test("the tenant's own SESSION_CREATE rate is charged, and a disabled module refuses the create", async () => {
    const tenant = await t.tenant({ credits: "10" });
    await setRate(t.services.db, "SESSION_CREATE", "2.5", tenant.tenant_id);
    const responses = await Promise.all([create(tenant, "rated-1"), create(tenant, "rated-2")]);
    for (const response of responses) assert.equal(response.statusCode, 201, response.body);
    const rows = await rowsOf(tenant.tenant_id);
    assert.deepEqual(
      rows.debits.map((row) => Number(row.delta)),
      [-2.5, -2.5],
    );
    assert.equal(Number(await balanceOf(t.services.db, tenant.tenant_id)), 5);

    await setFeatures(t.services.db, tenant.tenant_id, ["AML_SCREENING"], false);
    const refused = await create(tenant, "rated-3");
    assert.equal(refused.statusCode, 403, refused.body);
    assert.deepEqual((refused.json() as { features?: string[] }).features, ["AML_SCREENING"]);
    assert.equal((await rowsOf(tenant.tenant_id)).sessions, 2);
  });

  test("tenants do not share a batch: one tenant's empty balance does not refuse another's creates", async () => {
    const poor = await t.tenant({ credits: "0" });
    const rich = await t.tenant({ credits: "10" });
    const responses = await Promise.all([
      create(poor, "p-1"),
      create(rich, "r-1"),
      create(poor, "p-2"),
      create(rich, "r-2"),
    ]);
    assert.deepEqual(
      responses.map((response) => response.statusCode),
      [402, 201, 402, 201],
    );
    assert.equal((await rowsOf(poor.tenant_id)).sessions, 0);
    assert.equal((await rowsOf(rich.tenant_id)).sessions, 2);
  });
});
