// POST /v3/identities/import/ request rules and GET/DELETE without processing (no worker runs here):
// entitlement, whole-request refusals, aliases and truncations, paging and the status filter, tenant scope.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setFeatures } from "../../src/platform/tenants/entitlements.js";
import { assertCrossTenantNotFound } from "../support/cross-tenant.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";

const URL_ = "/v3/identities/import/";
const PHOTO = "https://photos.example.com/a.jpg";

function valid(identities: unknown[] = [{ external_user_id: "u-1", photo_url: PHOTO }]) {
  return { identities, source_system: "crm", consent_reference: "consent-1" };
}

describe("identity import requests", () => {
  let t: TestApp;
  let owner: TestTenant;
  let other: TestTenant;

  before(async () => {
    t = await createTestApp();
    owner = await t.tenant();
    other = await t.tenant();
    await setFeatures(t.services.db, owner.tenant_id, ["IDENTITY_IMPORT"], true);
    await setFeatures(t.services.db, other.tenant_id, ["IDENTITY_IMPORT"], true);
  });
  after(() => t.close());

  const post = (payload: unknown, headers = owner.headers) =>
    t.app.inject({ method: "POST", url: URL_, headers, payload: payload as object });
  const get = (batchId: string, query = "", headers = owner.headers) =>
    t.app.inject({ method: "GET", url: `${URL_}${batchId}/${query}`, headers });

  test("IDENTITY_IMPORT is off until granted: 403 feature_not_enabled naming it", async () => {
    const fresh = await t.tenant();
    const response = await post(valid(), fresh.headers);
    assert.equal(response.statusCode, 403);
    assert.deepEqual(response.json(), { detail: "feature_not_enabled", features: ["IDENTITY_IMPORT"] });
  });

  test("without an API key: 401", async () => {
    const response = await t.app.inject({ method: "POST", url: URL_, payload: valid() });
    assert.equal(response.statusCode, 401);
  });

  const refusals: [string, unknown, string][] = [
    ["identities missing", { source_system: "crm", consent_reference: "c" }, "no_rows"],
    ["identities empty", valid([]), "no_rows"],
    ["identities not an array", { ...valid(), identities: "x" }, "no_rows"],
    [
      "an entry that is not an object",
      valid([{ external_user_id: "a", photo_url: PHOTO }, "b"]),
      "invalid_row",
    ],
    ["an entry that is null", valid([null]), "invalid_row"],
    [
      "more than 5000 rows",
      valid(Array.from({ length: 5001 }, (_, i) => ({ external_user_id: `u${i}`, photo_url: PHOTO }))),
      "too_many_rows",
    ],
    [
      "source_system missing",
      { identities: valid().identities, consent_reference: "c" },
      "source_system_required",
    ],
    ["source_system blank", { ...valid(), source_system: "  " }, "source_system_required"],
    [
      "consent_reference missing",
      { identities: valid().identities, source_system: "crm" },
      "consent_reference_required",
    ],
    ["on_duplicate unknown", { ...valid(), on_duplicate: "merge" }, "invalid_on_duplicate"],
  ];
  for (const [name, payload, code] of refusals) {
    test(`${name}: 400 ${code} with an error sentence`, async () => {
      const response = await post(payload);
      assert.equal(response.statusCode, 400, response.body);
      const body = response.json();
      assert.equal(body.detail, code);
      assert.equal(typeof body.error, "string");
      assert.ok(body.error.length > 5);
    });
  }

  test("5000 rows are accepted: 202 {batch_id, status: pending, total}", async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ external_user_id: `u${i}`, photo_url: PHOTO }));
    const response = await post(valid(rows));
    assert.equal(response.statusCode, 202, response.body);
    const body = response.json();
    assert.deepEqual(Object.keys(body).sort(), ["batch_id", "status", "total"]);
    assert.equal(body.status, "pending");
    assert.equal(body.total, 5000);
  });

  test("no 402 at creation: a tenant without credits still gets 202", async () => {
    const broke = await t.tenant({ credits: "0" });
    await setFeatures(t.services.db, broke.tenant_id, ["IDENTITY_IMPORT"], true);
    const response = await post(valid(), broke.headers);
    assert.equal(response.statusCode, 202, response.body);
  });

  test("column aliases, truncations and country rules are applied when rows are stored", async () => {
    const response = await post({
      identities: [
        {
          customer_id: 42,
          customer_name: "Ann Lee",
          picture: PHOTO,
          mobile: "+1 555",
          email_address: "a@x.io",
          country: "np",
          extra: 1,
        },
        {
          user_id: "u-2",
          fullname: "Bo",
          image_url: `${PHOTO}?${"q".repeat(1200)}`,
          phone_number: "9",
          country: "Nepal",
        },
        { uniqueid: "u-3", photo_link: PHOTO, country: "XX" },
      ],
      source_system: "s".repeat(150),
      consent_reference: "c".repeat(250),
    });
    assert.equal(response.statusCode, 202, response.body);
    const { batch_id } = response.json();
    const batch = await t.services.db
      .selectFrom("import_batches")
      .selectAll()
      .where("id", "=", batch_id)
      .executeTakeFirstOrThrow();
    assert.equal(batch.source_system.length, 120);
    assert.equal(batch.consent_reference.length, 200);
    assert.equal(batch.on_duplicate, "report");
    const rows = await t.services.db
      .selectFrom("import_rows")
      .selectAll()
      .where("batch_id", "=", batch_id)
      .orderBy("row_number")
      .execute();
    assert.deepEqual(
      rows.map((row) => [
        row.row_number,
        row.external_user_id,
        row.full_name,
        row.phone,
        row.email,
        row.country,
      ]),
      [
        [1, "42", "Ann Lee", "+1 555", "a@x.io", "NP"],
        [2, "u-2", "Bo", "9", null, null],
        [3, "u-3", null, null, null, null],
      ],
    );
    assert.equal(rows[0]!.photo_url, PHOTO);
    assert.equal(rows[1]!.photo_url.length, 1000, "photo_url stored truncated");
    assert.equal(rows[1]!.status, "error", "a truncated URL is never fetched");
    assert.equal(rows[1]!.detail, "bad_url");
  });

  test("a row missing external_user_id or photo_url is accepted and reported as a failed row", async () => {
    const response = await post(
      valid([{ photo_url: PHOTO }, { external_user_id: "u-9" }, { id: "u-10", photo: PHOTO }]),
    );
    assert.equal(response.statusCode, 202);
    const body = (await get(response.json().batch_id)).json();
    assert.equal(body.status, "pending");
    assert.deepEqual(
      body.rows.map((row: { row: number; status: string; detail: string }) => [
        row.row,
        row.status,
        row.detail,
      ]),
      [
        [1, "error", "external_user_id_required"],
        [2, "error", "photo_url_required"],
        [3, "pending", ""],
      ],
    );
    assert.equal(body.failed, 2);
    assert.equal(body.processed, 2);
    assert.equal(body.total, 3);
  });

  test("GET returns the batch object with exactly the spec's keys", async () => {
    const { batch_id } = (await post(valid())).json();
    const response = await get(batch_id);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.deepEqual(Object.keys(body).sort(), [
      "batch_id",
      "created",
      "created_at",
      "error",
      "failed",
      "finished_at",
      "page",
      "page_size",
      "processed",
      "row_count",
      "rows",
      "skipped",
      "source_system",
      "status",
      "total",
      "updated",
    ]);
    assert.deepEqual(Object.keys(body.rows[0]).sort(), [
      "detail",
      "external_user_id",
      "individual_id",
      "matches",
      "message",
      "row",
      "status",
    ]);
    assert.equal(body.page, 1);
    assert.equal(body.page_size, 50);
    assert.equal(body.error, "");
    assert.equal(body.finished_at, null);
  });

  test("GET pages rows (default 50, max 200) and filters by comma-separated statuses", async () => {
    const rows = Array.from({ length: 260 }, (_, i) =>
      i % 4 === 0 ? { photo_url: PHOTO } : { external_user_id: `p${i}`, photo_url: PHOTO },
    );
    const { batch_id } = (await post(valid(rows))).json();
    const first = (await get(batch_id)).json();
    assert.equal(first.rows.length, 50);
    assert.equal(first.row_count, 260);
    const big = (await get(batch_id, "?page_size=500")).json();
    assert.equal(big.page_size, 200);
    assert.equal(big.rows.length, 200);
    const second = (await get(batch_id, "?page=2&page_size=200")).json();
    assert.equal(second.rows.length, 60);
    assert.equal(second.rows[0].row, 201);
    const errors = (await get(batch_id, "?status=error&page_size=10")).json();
    assert.equal(errors.row_count, 65);
    assert.equal(errors.rows.length, 10);
    assert.ok(errors.rows.every((row: { status: string }) => row.status === "error"));
    const both = (await get(batch_id, "?status=error,pending")).json();
    assert.equal(both.row_count, 260);
    const none = (await get(batch_id, "?status=created")).json();
    assert.equal(none.row_count, 0);
    assert.deepEqual(none.rows, []);
    const bad = await get(batch_id, "?status=error,bogus");
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().detail, "invalid_status");
  });

  test("an unknown batch id answers 404", async () => {
    const response = await get("00000000-0000-4000-8000-000000000000");
    assert.equal(response.statusCode, 404);
    assert.equal((await get("not-a-uuid")).statusCode, 404);
  });

  test("another tenant's batch answers 404, exactly like a missing one", async () => {
    const { batch_id } = (await post(valid())).json();
    const missing = `${URL_}00000000-0000-4000-8000-000000000000/`;
    await assertCrossTenantNotFound(
      t.app,
      [
        { method: "GET", url: `${URL_}${batch_id}/`, missingUrl: missing },
        { method: "DELETE", url: `${URL_}${batch_id}/`, missingUrl: missing },
      ],
      other.headers,
    );
  });

  test("DELETE of an unfinished batch stops it (failed, error deleted) and reports the faces removed", async () => {
    const { batch_id } = (await post(valid())).json();
    const response = await t.app.inject({
      method: "DELETE",
      url: `${URL_}${batch_id}/`,
      headers: owner.headers,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { batch_id, status: "failed", faces_removed: 0 });
    const body = (await get(batch_id)).json();
    assert.equal(body.status, "failed");
    assert.equal(body.error, "deleted");
    assert.equal(body.rows[0].status, "pending", "unreached rows stay pending");
  });
});

describe("identity import rate bucket", () => {
  test("import creation shares kyc_v3_tools with the tools", async () => {
    const t = await createTestApp({ RATE_LIMIT_KYC_V3_TOOLS: "1" });
    try {
      const tenant = await t.tenant();
      await setFeatures(t.services.db, tenant.tenant_id, ["IDENTITY_IMPORT"], true);
      const created = await t.app.inject({
        method: "POST",
        url: URL_,
        headers: tenant.headers,
        payload: valid(),
      });
      assert.equal(created.statusCode, 202);
      const tool = await t.app.inject({
        method: "POST",
        url: "/v3/tools/face-search/",
        headers: tenant.headers,
        payload: { image_base64: "x" },
      });
      assert.equal(tool.statusCode, 429);
      const read = await t.app.inject({
        method: "GET",
        url: `${URL_}${created.json().batch_id}/`,
        headers: tenant.headers,
      });
      assert.equal(read.statusCode, 200, "GET draws from kyc_v3_read");
    } finally {
      await t.close();
    }
  });
});
