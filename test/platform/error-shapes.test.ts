// spec: Errors — one body shape per surface, also for unknown routes and malformed JSON.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createTestApp, type TestApp } from "../support/test-app.js";

describe("error body shapes", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test("an unknown /v3 route is 404 {detail}", async () => {
    const response = await t.app.inject({ url: "/v3/nope/" });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(Object.keys(response.json()), ["detail"]);
  });

  test("an unknown method on a /v3 path answers in the same shape", async () => {
    const tenant = await t.tenant();
    const response = await t.app.inject({
      method: "DELETE",
      url: "/v3/credits/ledger/",
      headers: tenant.headers,
    });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(Object.keys(response.json()), ["detail"]);
  });

  test("an unknown /api/v1 session route is 404 {ok:false, error, detail}", async () => {
    const response = await t.app.inject({ url: "/api/v1/applications/x/nothing" });
    assert.equal(response.statusCode, 404);
    const body = response.json();
    assert.equal(body.ok, false);
    assert.equal(body.error, "not_found");
  });

  test("an unknown /api/v1/lists route is 404 {error}", async () => {
    const response = await t.app.inject({ url: "/api/v1/lists/x/nothing/else" });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(Object.keys(response.json()), ["error"]);
  });

  test("malformed JSON is a 400, never a 500", async () => {
    const tenant = await t.tenant();
    const response = await t.app.inject({
      method: "POST",
      url: "/v3/credits/ledger/",
      headers: { ...tenant.headers, "content-type": "application/json" },
      payload: "{not json",
    });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { detail: "invalid_json" });
  });

  test("the OpenAPI document lists the routes and describes the error bodies", async () => {
    const response = await t.app.inject({ url: "/openapi.json" });
    assert.equal(response.statusCode, 200);
    const doc = response.json();
    const ledger = doc.paths["/v3/credits/ledger/"].get;
    assert.ok(ledger.responses["200"]);
    assert.equal(
      ledger.responses["401"].content["application/json"].schema.$ref,
      "#/components/schemas/VerifyError",
    );
    assert.ok(doc.components.schemas.VerifyError.properties.detail);
    assert.ok(doc.components.schemas.PartnerError);
    assert.ok(doc.components.schemas.ListsError);
  });
});
