// Reads of /v3 sessions (spec: Verify surface: sessions): list, detail, decision, logs, checklist, tags,
// delete, usage; and every session route answers another tenant exactly like a missing id.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import { assertCrossTenantNotFound } from "../support/cross-tenant.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import {
  completeQuestionnaire,
  createSessionOver,
  pngBase64,
  questionnaireWorkflow,
} from "./session-fixtures.js";

const MISSING = "0b7e2c1a-5d4f-4e3b-8a29-6c1d0e9f8a7b";

describe("session reads", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let workflowId: string;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ credits: "1000" });
    workflowId = await questionnaireWorkflow(t, tenant);
  });
  after(() => t.close());

  const get = (url: string, headers = tenant.headers) => t.app.inject({ url, headers });

  describe("list", () => {
    let lister: TestTenant;
    const ids: string[] = [];
    before(async () => {
      lister = await t.tenant({ credits: "100" });
      const wf = await questionnaireWorkflow(t, lister);
      for (let i = 0; i < 5; i++) ids.push((await createSessionOver(t, lister, { workflow_id: wf })).id);
      // Distinct creation times so "newest first" is observable on both databases.
      for (const [index, id] of ids.entries()) {
        await sql`UPDATE sessions SET created_at = now() - ${`${10 - index} minutes`}::interval WHERE id = ${id}`.execute(
          t.services.db,
        );
      }
      await t.app.inject({
        method: "PATCH",
        url: `/v3/session/${ids[0]}/update-status/`,
        headers: lister.headers,
        payload: { status: "declined" },
      });
    });

    test("a bare array, newest first, with paging headers", async () => {
      const response = await get("/v3/session/", lister.headers);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(
        response.json().map((session: { id: string }) => session.id),
        [...ids].reverse(),
      );
      assert.equal(response.headers["x-total-count"], "5");
      assert.equal(response.headers["x-page"], "1");
      assert.equal(response.headers["x-page-size"], "50");
    });

    test("page and page_size page through the list; page_size is capped at 200", async () => {
      const second = await get("/v3/session/?page=2&page_size=2", lister.headers);
      assert.deepEqual(
        second.json().map((session: { id: string }) => session.id),
        [ids[2], ids[1]],
      );
      assert.equal(second.headers["x-total-count"], "5");
      assert.equal(second.headers["x-page"], "2");
      assert.equal(second.headers["x-page-size"], "2");
      const capped = await get("/v3/session/?page_size=1000", lister.headers);
      assert.equal(capped.headers["x-page-size"], "200");
      const beyond = await get("/v3/session/?page=9&page_size=2", lister.headers);
      assert.deepEqual(beyond.json(), []);
    });

    test("status and session_kind filter; unknown values are 400 with their codes", async () => {
      const declined = await get("/v3/session/?status=declined", lister.headers);
      assert.deepEqual(
        declined.json().map((session: { id: string }) => session.id),
        [ids[0]],
      );
      assert.equal(declined.headers["x-total-count"], "1");
      assert.equal((await get("/v3/session/?session_kind=user", lister.headers)).json().length, 5);
      const badStatus = await get("/v3/session/?status=done", lister.headers);
      assert.equal(badStatus.statusCode, 400);
      assert.deepEqual(badStatus.json(), { detail: "invalid_status" });
      const badKind = await get("/v3/session/?session_kind=business", lister.headers);
      assert.equal(badKind.statusCode, 400);
      assert.deepEqual(badKind.json(), { detail: "invalid_session_kind" });
    });

    test("/v3/sessions is an alias", async () => {
      const alias = await get("/v3/sessions?status=declined", lister.headers);
      assert.equal(alias.statusCode, 200);
      assert.deepEqual(alias.json(), (await get("/v3/session/?status=declined", lister.headers)).json());
      assert.equal(alias.headers["x-total-count"], "1");
    });

    test("another tenant's sessions never appear", async () => {
      const other = await t.tenant();
      const response = await get("/v3/session/", other.headers);
      assert.deepEqual(response.json(), []);
      assert.equal(response.headers["x-total-count"], "0");
    });
  });

  test("detail: always-present decision_v3 arrays, optional ones only when the workflow enables them", async () => {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId, vendor_data: "d1" });
    const detail = (await get(`/v3/session/${session.id}/`)).json();
    for (const key of [
      "id",
      "session_kind",
      "status",
      "stage",
      "url",
      "vendor_data",
      "workflow",
      "decision",
      "decision_v3",
      "risk",
      "tags",
      "credits_charged",
      "callback_url",
      "metadata",
      "expires_at",
      "created_at",
      "completed_at",
    ]) {
      assert.ok(key in detail, key);
    }
    assert.deepEqual(Object.keys(detail.decision_v3).sort(), [
      "aml_screenings",
      "face_matches",
      "id_verifications",
      "liveness_checks",
      "questionnaire_responses",
      "reviews",
      "video_calls",
    ]);
    assert.equal(detail.stage, "created");
    assert.equal(detail.completed_at, null);
    assert.equal(detail.workflow, workflowId);

    const plain = await createSessionOver(t, tenant, {});
    const standard = (await get(`/v3/session/${plain.id}/`)).json();
    assert.ok(!("questionnaire_responses" in standard.decision_v3));
    for (const array of [
      "id_verifications",
      "liveness_checks",
      "face_matches",
      "aml_screenings",
      "reviews",
      "video_calls",
    ]) {
      assert.deepEqual(standard.decision_v3[array], [], array);
    }
  });

  test("evidence never appears as bytes: decisions carry URLs only", async () => {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
    await completeQuestionnaire(t, session.token);
    const body = (await get(`/v3/session/${session.id}/`)).body;
    assert.doesNotMatch(body, /base64|iVBORw0KGgo|\/9j\//);
  });

  test("decision summary lists each check, pending before evaluation", async () => {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
    const before = (await get(`/v3/session/${session.id}/decision/`)).json();
    assert.equal(before.decision, "in_progress");
    assert.deepEqual(before.checks, [
      { node_id: "questions", feature: "QUESTIONNAIRE", status: "pending", score: null, warnings: [] },
    ]);
    await completeQuestionnaire(t, session.token);
    const decided = (await get(`/v3/session/${session.id}/decision/`)).json();
    assert.equal(decided.decision, "approved");
    assert.equal(decided.checks[0].status, "approved");
    assert.ok(decided.completed_at);
  });

  test("logs are chronological", async () => {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
    await completeQuestionnaire(t, session.token);
    const logs = (await get(`/v3/session/${session.id}/logs/`)).json() as {
      type: string;
      created_at: string;
    }[];
    const types = logs.map((entry) => entry.type);
    assert.equal(types[0], "session.created");
    assert.ok(types.indexOf("status.in_progress") < types.indexOf("status.approved"), types.join(","));
    assert.equal(types.at(-1), "status.approved");
    const times = logs.map((entry) => Date.parse(entry.created_at));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
    );
  });

  test("checklist carries the stage and each step's state", async () => {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
    const fresh = (await get(`/v3/session/${session.id}/checklist/`)).json();
    assert.equal(fresh.stage, "created");
    assert.equal(fresh.items[0].state, "pending");
    await completeQuestionnaire(t, session.token);
    const done = (await get(`/v3/session/${session.id}/checklist/`)).json();
    assert.equal(done.stage, "approved");
    assert.equal(done.items[0].state, "evaluated");
    assert.equal(done.items[0].status, "approved");
    const detail = (await get(`/v3/session/${session.id}/`)).json();
    assert.equal(detail.stage, done.stage);
  });

  test("tags: apply (deduplicated), list, remove", async () => {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
    const url = `/v3/session/${session.id}/tags/`;
    const tag = (method: "POST" | "DELETE", value: string) =>
      t.app.inject({ method, url, headers: tenant.headers, payload: { tag: value } });
    assert.deepEqual((await tag("POST", "vip")).json().tags, ["vip"]);
    assert.deepEqual((await tag("POST", "vip")).json().tags, ["vip"]);
    assert.deepEqual((await tag("POST", "aml-hit")).json().tags, ["aml-hit", "vip"]);
    assert.deepEqual((await get(url)).json(), { session_id: session.id, tags: ["aml-hit", "vip"] });
    assert.deepEqual((await tag("DELETE", "vip")).json().tags, ["aml-hit"]);
    assert.equal((await tag("POST", "")).statusCode, 400);
    assert.deepEqual((await get(`/v3/session/${session.id}/`)).json().tags, ["aml-hit"]);
  });

  test("soft delete: 204, reads 404 afterwards, evidence URLs stop resolving", async () => {
    const session = await createSessionOver(t, tenant, {
      workflow_id: workflowId,
      reference: { face_image: await pngBase64() },
    });
    const media = await t.services.db
      .selectFrom("media_objects")
      .select("path")
      .where("session_id", "=", session.id)
      .execute();
    assert.equal(media.length, 1);
    const mediaUrl = `/v3/media/${media[0]!.path}`;
    assert.equal((await get(mediaUrl)).statusCode, 200);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/v3/session/${session.id}/delete/`,
      headers: tenant.headers,
    });
    assert.equal(deleted.statusCode, 204);
    for (const path of ["/", "/decision/", "/logs/", "/checklist/", "/tags/"]) {
      const read = await get(`/v3/session/${session.id}${path}`);
      assert.equal(read.statusCode, 404, path);
      assert.deepEqual(read.json(), { detail: "Session not found." });
    }
    assert.equal((await get(mediaUrl)).statusCode, 404);
    assert.equal(await t.services.media.get(media[0]!.path), null);
    const again = await t.app.inject({
      method: "POST",
      url: `/v3/session/${session.id}/delete/`,
      headers: tenant.headers,
    });
    assert.equal(again.statusCode, 404);
    const listed = (await get("/v3/session/")).json() as { id: string }[];
    assert.ok(!listed.some((row) => row.id === session.id));
  });

  test("POST also deletes", async () => {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
    const deleted = await t.app.inject({
      method: "POST",
      url: `/v3/session/${session.id}/delete/`,
      headers: tenant.headers,
    });
    assert.equal(deleted.statusCode, 204);
    assert.equal((await get(`/v3/session/${session.id}/`)).statusCode, 404);
  });

  test("usage per workflow: session debits grouped by workflow name, sorted", async () => {
    const payer = await t.tenant({ credits: "100" });
    const alpha = await questionnaireWorkflow(t, payer, "Alpha");
    const beta = await questionnaireWorkflow(t, payer, "Beta");
    await createSessionOver(t, payer, { workflow_id: beta });
    await createSessionOver(t, payer, { workflow_id: alpha });
    await createSessionOver(t, payer, { workflow_id: alpha });
    const response = await get("/v3/usage/workflows/", payer.headers);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), {
      usage: [
        { workflow: "Alpha", credits: 2, entries: 2 },
        { workflow: "Beta", credits: 1, entries: 1 },
      ],
    });
    const fresh = await t.tenant();
    assert.deepEqual((await get("/v3/usage/workflows/", fresh.headers)).json(), { usage: [] });
  });

  test("every session route answers another tenant exactly like a missing id", async () => {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
    const other = await t.tenant();
    const routes = [
      { method: "GET" as const, path: "/" },
      { method: "GET" as const, path: "/decision/" },
      { method: "GET" as const, path: "/logs/" },
      { method: "GET" as const, path: "/checklist/" },
      { method: "PATCH" as const, path: "/update-status/", body: { status: "approved" } },
      { method: "GET" as const, path: "/tags/" },
      { method: "POST" as const, path: "/tags/", body: { tag: "x" } },
      { method: "DELETE" as const, path: "/tags/", body: { tag: "x" } },
      { method: "GET" as const, path: "/generate-pdf" },
      { method: "DELETE" as const, path: "/delete/" },
      { method: "POST" as const, path: "/delete/" },
    ];
    await assertCrossTenantNotFound(
      t.app,
      routes.map((route) => ({
        method: route.method,
        url: `/v3/session/${session.id}${route.path}`,
        missingUrl: `/v3/session/${MISSING}${route.path}`,
        body: route.body,
      })),
      other.headers,
    );
    // Nothing the other tenant did touched the session.
    const detail = (await get(`/v3/session/${session.id}/`)).json();
    assert.equal(detail.status, "not_started");
    assert.deepEqual(detail.tags, []);
  });
});
