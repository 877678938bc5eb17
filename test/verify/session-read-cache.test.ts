// Session reads are kept in memory on PGlite (verify/sessions/session-read-cache.ts), yet every change is
// seen by the very next read, whoever made it (the API, the applicant flow, SQL by hand): migration 0030's
// triggers announce it at commit. A revoked key, another tenant and a deleted session answer as before. On a
// PostgreSQL server (DATABASE_URL) nothing is cached; the same reads must hold there too.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import { hashApiKey, revokeApiKey } from "../../src/platform/tenants/api-keys.js";
import { readSession } from "../../src/verify/sessions/serialize-session.js";
import { createSessionReadCache } from "../../src/verify/sessions/session-read-cache.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import {
  completeQuestionnaire,
  createSessionOver,
  questionnaireWorkflow,
  updateSessionStatus,
} from "./session-fixtures.js";

describe("session read cache", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let workflowId: string;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ credits: "1000" });
    workflowId = await questionnaireWorkflow(t, tenant);
  });
  after(() => t.close());

  const session = async (id: string, headers = tenant.headers) => {
    const response = await t.app.inject({ url: `/v3/session/${id}/`, headers });
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  };
  const decision = async (id: string) => {
    const response = await t.app.inject({ url: `/v3/session/${id}/decision/`, headers: tenant.headers });
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  };
  /** Reads both answers twice, so each is served from memory where there is a cache. */
  const readTwice = async (id: string) => {
    for (let i = 0; i < 2; i++) {
      await session(id);
      await decision(id);
    }
  };
  const newSession = async () => (await createSessionOver(t, tenant, { workflow_id: workflowId })).id;

  test("PGlite serves a repeated read from memory; a server reads the database every time", async () => {
    const id = await newSession();
    let loads = 0;
    const load = () => {
      loads += 1;
      return readSession(t.services.db, t.services.config, tenant.tenant_id, id);
    };
    const cache = await createSessionReadCache(t.services.database);
    try {
      const first = await cache.read("session", tenant.tenant_id, id, load);
      assert.deepEqual(await cache.read("session", tenant.tenant_id, id, load), first);
      assert.equal(loads, t.services.database.kind === "pglite" ? 1 : 2);
    } finally {
      await cache.close();
    }
  });

  test("a status change over the API is seen by the next read of the session and of its decision", async () => {
    const id = await newSession();
    await readTwice(id);
    await updateSessionStatus(t, tenant, id, "declined");
    assert.equal((await session(id)).decision, "declined");
    assert.equal((await decision(id)).decision, "declined");
  });

  test("the applicant finishing the flow is seen by the next read, with the node's result", async () => {
    const created = await createSessionOver(t, tenant, { workflow_id: workflowId });
    await readTwice(created.id);
    assert.deepEqual(
      (await decision(created.id)).checks.map((check: { status: string }) => check.status),
      ["pending"],
    );
    await completeQuestionnaire(t, created.token);
    const after = await decision(created.id);
    assert.notEqual(after.checks[0].status, "pending");
    assert.equal((await session(created.id)).status, after.status);
  });

  test("a tag added over the API is seen by the next read", async () => {
    const id = await newSession();
    await readTwice(id);
    const tagged = await t.app.inject({
      method: "POST",
      url: `/v3/session/${id}/tags/`,
      headers: tenant.headers,
      payload: { tag: "vip" },
    });
    assert.equal(tagged.statusCode, 200, tagged.body);
    assert.deepEqual((await session(id)).tags, ["vip"]);
  });

  test("changes written by hand in SQL are seen by the very next read, without waiting", async () => {
    const id = await newSession();
    await readTwice(id);
    await sql`UPDATE sessions SET vendor_data = ${"by-hand"} WHERE id = ${id}`.execute(t.services.db);
    assert.equal((await session(id)).vendor_data, "by-hand");

    await readTwice(id);
    const result = { status: "declined", score: 12, warnings: ["by_hand"] };
    await sql`UPDATE session_nodes SET result = ${JSON.stringify(result)}::jsonb WHERE session_id = ${id}`.execute(
      t.services.db,
    );
    assert.deepEqual((await decision(id)).checks[0], {
      node_id: "questions",
      feature: "QUESTIONNAIRE",
      ...result,
    });

    await readTwice(id);
    await sql`INSERT INTO session_reviews (session_id, tenant_id, reviewer, decision, reason)
      VALUES (${id}, ${tenant.tenant_id}, ${"ops@example.com"}, ${"approved"}, ${"looks right"})`.execute(
      t.services.db,
    );
    const reviews = (await session(id)).decision_v3.reviews;
    assert.deepEqual(
      reviews.map((review: { reason: string }) => review.reason),
      ["looks right"],
    );
  });

  test("a deleted session is 404 on the next read", async () => {
    const id = await newSession();
    await readTwice(id);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/v3/session/${id}/delete/`,
      headers: tenant.headers,
    });
    assert.equal(deleted.statusCode, 204, deleted.body);
    for (const url of [`/v3/session/${id}/`, `/v3/session/${id}/decision/`]) {
      assert.equal((await t.app.inject({ url, headers: tenant.headers })).statusCode, 404);
    }
  });

  test("another tenant's key is 404 for a session its owner's reads keep", async () => {
    const id = await newSession();
    await readTwice(id);
    const other = await t.tenant();
    for (const url of [`/v3/session/${id}/`, `/v3/session/${id}/decision/`]) {
      assert.equal((await t.app.inject({ url, headers: other.headers })).statusCode, 404);
    }
  });

  test("a revoked key fails at once, though the session it read is kept", async () => {
    const reader = await t.tenant({ credits: "100" });
    const id = (await createSessionOver(t, reader)).id;
    for (let i = 0; i < 2; i++) await session(id, reader.headers);
    const key = await t.services.db
      .selectFrom("api_keys")
      .select("id")
      .where("key_hash", "=", hashApiKey(reader.api_key))
      .executeTakeFirstOrThrow();
    await revokeApiKey(t.services.db, key.id);
    const refused = await t.app.inject({ url: `/v3/session/${id}/`, headers: reader.headers });
    assert.equal(refused.statusCode, 401, refused.body);
  });

  test("a read that raced with a change of the session is not kept", async () => {
    const id = await newSession();
    const cache = await createSessionReadCache(t.services.database);
    try {
      // The first read loads the old row, and the session changes before that read is stored.
      const stale = await cache.read("session", tenant.tenant_id, id, async () => {
        const before = await readSession(t.services.db, t.services.config, tenant.tenant_id, id);
        await sql`UPDATE sessions SET vendor_data = ${"raced"} WHERE id = ${id}`.execute(t.services.db);
        return before;
      });
      assert.notEqual(stale.vendor_data, "raced");
      const next = await cache.read("session", tenant.tenant_id, id, () =>
        readSession(t.services.db, t.services.config, tenant.tenant_id, id),
      );
      assert.equal(next.vendor_data, "raced");
    } finally {
      await cache.close();
    }
  });
});
