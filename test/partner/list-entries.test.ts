// spec: Partner surface — risk-list entries: normalization per type, upsert 201/200, paging, q, bulk add
// (idempotent, ≤20 diagnostics), atomic PUT (≤50 diagnostics, all or nothing), PATCH collision, DELETE.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { bearer } from "./partner-support.js";

describe("/api/v1/lists/{id}/entries/", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  async function newList(type = "phone"): Promise<{ tenant: TestTenant; url: string; id: string }> {
    const tenant = await t.tenant();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/lists/",
      headers: bearer(tenant),
      payload: { name: `list-${type}`, type },
    });
    const id = response.json().list.id;
    return { tenant, id, url: `/api/v1/lists/${id}/entries/` };
  }

  function send(
    tenant: TestTenant,
    method: "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
  ) {
    return t.app.inject({ method, url, headers: bearer(tenant), ...(payload ? { payload } : {}) });
  }

  async function entryCount(tenant: TestTenant, id: string): Promise<number> {
    const lists = (await t.app.inject({ url: "/api/v1/lists/", headers: bearer(tenant) })).json().lists;
    return lists.find((list: { id: string }) => list.id === id).entry_count;
  }

  for (const [type, raw, stored] of [
    ["phone", "+977 (981) 234-5678", "9779812345678"],
    ["email", "  Someone@Example.COM ", "someone@example.com"],
    ["identifier", "  AbC-123  ", "AbC-123"],
  ]) {
    test(`a ${type} value is stored normalized (${JSON.stringify(raw)} → ${stored})`, async () => {
      const { tenant, url } = await newList(type);
      const response = await send(tenant, "POST", url, { value: raw });
      assert.equal(response.statusCode, 201);
      assert.equal(response.json().entry.value, stored);
    });
  }

  test("single add upserts: 201 when created, 200 with the comment updated when the normalized value exists", async () => {
    const { tenant, url, id } = await newList("email");
    const created = await send(tenant, "POST", url, { value: "a@b.io", comment: "first" });
    assert.equal(created.statusCode, 201);
    const again = await send(tenant, "POST", url, { value: " A@B.IO", comment: "second" });
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().entry.id, created.json().entry.id);
    assert.equal(again.json().entry.comment, "second");
    assert.equal(await entryCount(tenant, id), 1);
  });

  for (const value of ["", "   ", "---", undefined]) {
    test(`single add with value ${JSON.stringify(value)} is 400 {error}`, async () => {
      const { tenant, url } = await newList("phone");
      const response = await send(tenant, "POST", url, value === undefined ? { comment: "x" } : { value });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(Object.keys(response.json()), ["error"]);
    });
  }

  test("GET pages newest first with total, page and page_size", async () => {
    const { tenant, url } = await newList("identifier");
    await send(tenant, "POST", url, { entries: ["a", "b", "c", "d", "e"].map((value) => ({ value })) });
    const response = await t.app.inject({ url: `${url}?page=2&page_size=2`, headers: bearer(tenant) });
    const body = response.json();
    assert.equal(body.ok, true);
    assert.equal(body.total, 5);
    assert.equal(body.page, 2);
    assert.equal(body.page_size, 2);
    assert.deepEqual(
      body.entries.map((entry: { value: string }) => entry.value),
      ["c", "b"],
    );
  });

  test("paging clamps: page floor 1, page_size 1..500, defaults 1 and 100", async () => {
    const { tenant, url } = await newList("identifier");
    const read = async (query: string) =>
      (await t.app.inject({ url: `${url}${query}`, headers: bearer(tenant) })).json();
    assert.deepEqual([(await read("")).page, (await read("")).page_size], [1, 100]);
    assert.equal((await read("?page=0")).page, 1);
    assert.equal((await read("?page=-4")).page, 1);
    assert.equal((await read("?page_size=0")).page_size, 1);
    assert.equal((await read("?page_size=9999")).page_size, 500);
    assert.equal((await read("?page=abc&page_size=xyz")).page_size, 100);
  });

  test("q searches value and comment as a substring", async () => {
    const { tenant, url } = await newList("identifier");
    await send(tenant, "POST", url, {
      entries: [
        { value: "ID-100", comment: "chargeback" },
        { value: "ID-200", comment: "stolen card" },
        { value: "XY-300", comment: "" },
      ],
    });
    const values = async (q: string) =>
      (await t.app.inject({ url: `${url}?q=${encodeURIComponent(q)}`, headers: bearer(tenant) }))
        .json()
        .entries.map((entry: { value: string }) => entry.value)
        .sort();
    assert.deepEqual(await values("ID-"), ["ID-100", "ID-200"]);
    assert.deepEqual(await values("STOLEN"), ["ID-200"]);
    assert.deepEqual(await values("%"), []);
  });

  test("bulk add is idempotent: duplicates by normalized value are skipped", async () => {
    const { tenant, url, id } = await newList("phone");
    const rows = [{ value: "981-111-1111" }, { value: "9811111111" }, { value: "9822222222", comment: "x" }];
    const first = await send(tenant, "POST", url, { entries: rows });
    assert.equal(first.statusCode, 200);
    assert.deepEqual(first.json(), { ok: true, created: 2, skipped: 1, invalid: 0, errors: [] });
    const second = await send(tenant, "POST", url, { entries: rows });
    assert.deepEqual(second.json(), { ok: true, created: 0, skipped: 3, invalid: 0, errors: [] });
    assert.equal(await entryCount(tenant, id), 2);
  });

  test("bulk add still adds the valid rows and reports at most 20 invalid ones", async () => {
    const { tenant, url, id } = await newList("phone");
    const invalid = Array.from({ length: 25 }, () => ({ value: "no digits" }));
    const response = await send(tenant, "POST", url, {
      entries: [{ value: "9800000001" }, ...invalid, { value: 5 }],
    });
    const body = response.json();
    assert.equal(body.created, 1);
    assert.equal(body.invalid, 26);
    assert.equal(body.errors.length, 20);
    assert.equal(body.errors[0].row, 1);
    assert.equal(typeof body.errors[0].error, "string");
    assert.equal(await entryCount(tenant, id), 1);
  });

  test("PUT replaces every entry atomically with the de-duplicated set", async () => {
    const { tenant, url, id } = await newList("email");
    await send(tenant, "POST", url, { entries: [{ value: "old1@x.io" }, { value: "old2@x.io" }] });
    const response = await send(tenant, "PUT", url, {
      entries: [{ value: "new@x.io" }, { value: "NEW@x.io" }, { value: "other@x.io", comment: "c" }],
    });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { ok: true, replaced: true, deleted: 2, created: 2 });
    const values = (await t.app.inject({ url, headers: bearer(tenant) }))
      .json()
      .entries.map((e: { value: string }) => e.value);
    assert.deepEqual(values.sort(), ["new@x.io", "other@x.io"]);
    assert.equal(await entryCount(tenant, id), 2);
  });

  test("PUT with any invalid row is 400 invalid_entries with ≤50 diagnostics and changes nothing", async () => {
    const { tenant, url } = await newList("email");
    await send(tenant, "POST", url, { value: "keep@x.io" });
    const entries = [{ value: "fine@x.io" }, ...Array.from({ length: 60 }, () => ({ value: "  " }))];
    const response = await send(tenant, "PUT", url, { entries });
    assert.equal(response.statusCode, 400);
    const body = response.json();
    assert.equal(body.error, "invalid_entries");
    assert.equal(body.invalid, 60);
    assert.equal(body.errors.length, 50);
    const values = (await t.app.inject({ url, headers: bearer(tenant) }))
      .json()
      .entries.map((e: { value: string }) => e.value);
    assert.deepEqual(values, ["keep@x.io"]);
  });

  test("PATCH changes value (normalized) and comment", async () => {
    const { tenant, url } = await newList("email");
    const entry = (await send(tenant, "POST", url, { value: "a@x.io" })).json().entry;
    const response = await send(tenant, "PATCH", `${url}${entry.id}/`, {
      value: " B@X.io",
      comment: "moved",
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().entry.value, "b@x.io");
    assert.equal(response.json().entry.comment, "moved");
  });

  test("PATCH to a value that normalizes to empty is 400", async () => {
    const { tenant, url } = await newList("phone");
    const entry = (await send(tenant, "POST", url, { value: "9800000000" })).json().entry;
    const response = await send(tenant, "PATCH", `${url}${entry.id}/`, { value: "n/a" });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(Object.keys(response.json()), ["error"]);
  });

  test("PATCH to another entry's value is 409", async () => {
    const { tenant, url } = await newList("phone");
    const first = (await send(tenant, "POST", url, { value: "9800000001" })).json().entry;
    const second = (await send(tenant, "POST", url, { value: "9800000002" })).json().entry;
    const response = await send(tenant, "PATCH", `${url}${second.id}/`, { value: "+9800000001" });
    assert.equal(response.statusCode, 409);
    assert.equal(response.json().id, first.id);
  });

  test("DELETE removes the entry; a second DELETE is 404", async () => {
    const { tenant, url, id } = await newList("phone");
    const entry = (await send(tenant, "POST", url, { value: "9800000009" })).json().entry;
    const response = await send(tenant, "DELETE", `${url}${entry.id}/`);
    assert.deepEqual(response.json(), { ok: true });
    assert.equal(await entryCount(tenant, id), 0);
    const again = await send(tenant, "DELETE", `${url}${entry.id}/`);
    assert.equal(again.statusCode, 404);
    assert.deepEqual(Object.keys(again.json()), ["error"]);
  });

  test("an entry of another list of the same tenant is 404 under the wrong list", async () => {
    const { tenant, url } = await newList("phone");
    const entry = (await send(tenant, "POST", url, { value: "9800000007" })).json().entry;
    const other = await t.app.inject({
      method: "POST",
      url: "/api/v1/lists/",
      headers: bearer(tenant),
      payload: { name: "second", type: "phone" },
    });
    const response = await send(
      tenant,
      "DELETE",
      `/api/v1/lists/${other.json().list.id}/entries/${entry.id}/`,
    );
    assert.equal(response.statusCode, 404);
  });
});
