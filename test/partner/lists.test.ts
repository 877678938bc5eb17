// spec: Partner surface — risk lists (/api/v1/lists/): create, filter, rename, delete; {error} bodies.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertCrossTenantNotFound } from "../support/cross-tenant.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { bearer } from "./partner-support.js";

const MISSING = "6f1c0f7e-8d7a-4c55-9a55-3a5b0c1d2e3f";

describe("/api/v1/lists/", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  async function createList(tenant: TestTenant, payload: object) {
    return t.app.inject({ method: "POST", url: "/api/v1/lists/", headers: bearer(tenant), payload });
  }

  test("POST creates a list with defaults: type phone, active, no entries", async () => {
    const tenant = await t.tenant();
    const response = await createList(tenant, { name: "Fraud phones" });
    assert.equal(response.statusCode, 201);
    const { ok, list } = response.json();
    assert.equal(ok, true);
    assert.equal(list.name, "Fraud phones");
    assert.equal(list.type, "phone");
    assert.equal(list.is_active, true);
    assert.equal(list.entry_count, 0);
    assert.equal(list.description, "");
  });

  test("POST a taken name is 409 {error, id} with the existing list's id", async () => {
    const tenant = await t.tenant();
    const first = (await createList(tenant, { name: "Dupes", type: "email" })).json().list;
    const response = await createList(tenant, { name: "Dupes", type: "phone" });
    assert.equal(response.statusCode, 409);
    assert.deepEqual(Object.keys(response.json()).sort(), ["error", "id"]);
    assert.equal(response.json().id, first.id);
  });

  test("the same name is free in another tenant", async () => {
    await createList(await t.tenant(), { name: "Shared name" });
    const response = await createList(await t.tenant(), { name: "Shared name" });
    assert.equal(response.statusCode, 201);
  });

  for (const [label, payload] of [
    ["a blank name", { name: "  " }],
    ["a missing name", {}],
    ["an invalid type", { name: "x", type: "passport" }],
  ] as const) {
    test(`POST with ${label} is 400 {error}`, async () => {
      const response = await createList(await t.tenant(), payload);
      assert.equal(response.statusCode, 400);
      assert.deepEqual(Object.keys(response.json()), ["error"]);
    });
  }

  test("GET filters by type and active (truthy values 1, true, yes)", async () => {
    const tenant = await t.tenant();
    await createList(tenant, { name: "p1", type: "phone" });
    await createList(tenant, { name: "e1", type: "email" });
    await createList(tenant, { name: "e2", type: "email", is_active: false });
    const names = async (query: string) =>
      (await t.app.inject({ url: `/api/v1/lists/${query}`, headers: bearer(tenant) }))
        .json()
        .lists.map((list: { name: string }) => list.name)
        .sort();
    assert.deepEqual(await names(""), ["e1", "e2", "p1"]);
    assert.deepEqual(await names("?type=email"), ["e1", "e2"]);
    assert.deepEqual(await names("?type=email&active=yes"), ["e1"]);
    assert.deepEqual(await names("?active=1"), ["e1", "p1"]);
    assert.deepEqual(await names("?active=true"), ["e1", "p1"]);
    assert.deepEqual(await names("?active=false"), ["e2"]);
  });

  test("GET with an unknown type is 400 {error}", async () => {
    const response = await t.app.inject({
      url: "/api/v1/lists/?type=fax",
      headers: bearer(await t.tenant()),
    });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(Object.keys(response.json()), ["error"]);
  });

  test("GET lists only the caller's lists", async () => {
    await createList(await t.tenant(), { name: "someone else's" });
    const response = await t.app.inject({ url: "/api/v1/lists/", headers: bearer(await t.tenant()) });
    assert.deepEqual(response.json(), { ok: true, lists: [] });
  });

  test("PATCH changes name, description and is_active and silently ignores type", async () => {
    const tenant = await t.tenant();
    const list = (await createList(tenant, { name: "old", type: "email" })).json().list;
    const response = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/lists/${list.id}/`,
      headers: bearer(tenant),
      payload: { name: "new", description: "why", is_active: false, type: "phone" },
    });
    assert.equal(response.statusCode, 200);
    const updated = response.json().list;
    assert.equal(updated.name, "new");
    assert.equal(updated.description, "why");
    assert.equal(updated.is_active, false);
    assert.equal(updated.type, "email");
  });

  test("PATCH with a blank name is 400 {error}", async () => {
    const tenant = await t.tenant();
    const list = (await createList(tenant, { name: "keep" })).json().list;
    const response = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/lists/${list.id}/`,
      headers: bearer(tenant),
      payload: { name: " " },
    });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(Object.keys(response.json()), ["error"]);
  });

  test("PATCH to another list's name is 409 with that list's id", async () => {
    const tenant = await t.tenant();
    const taken = (await createList(tenant, { name: "taken" })).json().list;
    const list = (await createList(tenant, { name: "mine" })).json().list;
    const response = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/lists/${list.id}/`,
      headers: bearer(tenant),
      payload: { name: "taken" },
    });
    assert.equal(response.statusCode, 409);
    assert.equal(response.json().id, taken.id);
  });

  test("DELETE removes the list and its entries", async () => {
    const tenant = await t.tenant();
    const list = (await createList(tenant, { name: "gone" })).json().list;
    await t.app.inject({
      method: "POST",
      url: `/api/v1/lists/${list.id}/entries/`,
      headers: bearer(tenant),
      payload: { value: "9800000000" },
    });
    const response = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/lists/${list.id}/`,
      headers: bearer(tenant),
    });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { ok: true });
    const entries = await t.services.db
      .selectFrom("risk_list_entries")
      .select("id")
      .where("list_id", "=", list.id)
      .execute();
    assert.equal(entries.length, 0);
    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/lists/${list.id}/`,
      headers: bearer(tenant),
    });
    assert.equal(again.statusCode, 404);
    assert.deepEqual(Object.keys(again.json()), ["error"]);
  });

  test("another tenant's list and entries answer exactly like missing ones on every route", async () => {
    const owner = await t.tenant();
    const list = (await createList(owner, { name: "private" })).json().list;
    const entry = (
      await t.app.inject({
        method: "POST",
        url: `/api/v1/lists/${list.id}/entries/`,
        headers: bearer(owner),
        payload: { value: "9811111111" },
      })
    ).json().entry;
    const base = `/api/v1/lists/${list.id}`;
    const gone = `/api/v1/lists/${MISSING}`;
    await assertCrossTenantNotFound(
      t.app,
      [
        { method: "PATCH", url: `${base}/`, body: { name: "stolen" }, missingUrl: `${gone}/` },
        { method: "DELETE", url: `${base}/`, missingUrl: `${gone}/` },
        { method: "GET", url: `${base}/entries/`, missingUrl: `${gone}/entries/` },
        {
          method: "POST",
          url: `${base}/entries/`,
          body: { value: "1234567" },
          missingUrl: `${gone}/entries/`,
        },
        {
          method: "POST",
          url: `${base}/entries/`,
          body: { entries: [{ value: "1234567" }] },
          missingUrl: `${gone}/entries/`,
        },
        { method: "PUT", url: `${base}/entries/`, body: { entries: [] }, missingUrl: `${gone}/entries/` },
        {
          method: "PATCH",
          url: `${base}/entries/${entry.id}/`,
          body: { comment: "x" },
          missingUrl: `${gone}/entries/${MISSING}/`,
        },
        { method: "DELETE", url: `${base}/entries/${entry.id}/`, missingUrl: `${gone}/entries/${MISSING}/` },
      ],
      bearer(await t.tenant()),
    );
    const still = await t.app.inject({ url: `${base}/entries/`, headers: bearer(owner) });
    assert.equal(still.json().total, 1);
  });
});
