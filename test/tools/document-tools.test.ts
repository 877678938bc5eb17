// document-extract and business-document over HTTP on generated specimens (test/specimens/documents),
// with the real OCR and document engines (loaded once for this file).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { toolUsageRows } from "../identities/gallery-fixtures.js";
import { generateSpecimen } from "../specimens/documents/generate.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";

describe("document tools", () => {
  let t: TestApp;
  let passport: { image: string; fields: Record<string, string> };
  let blank: string;

  before(async () => {
    t = await createTestApp();
    const specimen = await generateSpecimen("passport", 1);
    passport = { image: specimen.image.toString("base64"), fields: specimen.fields };
    blank = (
      await sharp({ create: { width: 900, height: 600, channels: 3, background: "#f4f4f4" } })
        .jpeg()
        .toBuffer()
    ).toString("base64");
  });
  after(() => t.close());

  const post = (path: string, payload: Record<string, unknown>, tenant: TestTenant) =>
    t.app.inject({ method: "POST", url: `/v3/tools/${path}/`, headers: tenant.headers, payload });

  describe("document-extract", () => {
    test("a passport is read into the spec's result shape and debits one DOCUMENT_OCR row", async () => {
      const tenant = await t.tenant();
      const response = await post(
        "document-extract",
        { image_base64: passport.image, document_type: "passport" },
        tenant,
      );
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json();
      for (const key of [
        "fields",
        "translated_fields",
        "detected_type",
        "confidence",
        "is_document_valid",
        "has_portrait",
      ]) {
        assert.ok(key in body, key);
      }
      assert.equal(body.detected_type, "passport");
      assert.equal(body.fields.document_number, passport.fields.document_number);
      assert.equal(body.fields.surname, passport.fields.surname);
      assert.ok(Array.isArray(body.warnings));
      assert.deepEqual(await toolUsageRows(t.services.db, tenant.tenant_id), [
        { feature: "DOCUMENT_OCR", delta: "-0.2", reason: "tool_usage" },
      ]);
    });

    test("an image with nothing readable is 422 ocr_no_fields and is not charged", async () => {
      const tenant = await t.tenant();
      const response = await post("document-extract", { image_base64: blank }, tenant);
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json(), { detail: "ocr_no_fields" });
      assert.equal((await toolUsageRows(t.services.db, tenant.tenant_id)).length, 0);
    });

    test("a non-string document_type is 400 invalid_document_type and is not charged", async () => {
      const tenant = await t.tenant();
      const response = await post(
        "document-extract",
        { image_base64: passport.image, document_type: 7 },
        tenant,
      );
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), { detail: "invalid_document_type" });
      assert.equal((await toolUsageRows(t.services.db, tenant.tenant_id)).length, 0);
    });

    test("a disabled DOCUMENT_OCR is 403 listing the feature", async () => {
      const tenant = await t.tenant({ features: ["FACE_VERIFY"] });
      const response = await post("document-extract", { image_base64: passport.image }, tenant);
      assert.equal(response.statusCode, 403);
      assert.deepEqual(response.json(), { detail: "feature_not_enabled", features: ["DOCUMENT_OCR"] });
    });

    test("a balance that cannot cover DOCUMENT_OCR is 402 before any OCR", async () => {
      const tenant = await t.tenant({ credits: "0.1" });
      const response = await post("document-extract", { image_base64: passport.image }, tenant);
      assert.equal(response.statusCode, 402);
      assert.deepEqual(response.json(), { detail: "insufficient_credits" });
    });

    test("a GIF, even inside a data: URI, is 415 unsupported_image_type", async () => {
      const tenant = await t.tenant();
      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .gif()
        .toBuffer();
      const response = await post(
        "document-extract",
        { image_base64: `data:image/gif;base64,${gif.toString("base64")}` },
        tenant,
      );
      assert.equal(response.statusCode, 415);
      assert.deepEqual(response.json(), { detail: "unsupported_image_type" });
    });
  });

  describe("business-document", () => {
    test("a registration certificate is read and debits one BUSINESS_DOCUMENT row", async () => {
      const tenant = await t.tenant();
      const specimen = await generateSpecimen("business_registration", 1);
      const response = await post(
        "business-document",
        { image_base64: specimen.image.toString("base64") },
        tenant,
      );
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json();
      assert.equal(body.detected_type, "business_registration");
      assert.equal(body.fields.registration_number, specimen.fields.registration_number);
      assert.ok(body.full_text.length > 0);
      assert.deepEqual(await toolUsageRows(t.services.db, tenant.tenant_id), [
        { feature: "BUSINESS_DOCUMENT", delta: "-0.2", reason: "tool_usage" },
      ]);
    });

    test("a blank page is 422 ocr_no_fields and is not charged", async () => {
      const tenant = await t.tenant();
      const response = await post("business-document", { image_base64: blank }, tenant);
      assert.equal(response.statusCode, 422);
      assert.equal((await toolUsageRows(t.services.db, tenant.tenant_id)).length, 0);
    });

    test("the OpenAPI document describes the business-document response fields", async () => {
      const doc = (await t.app.inject({ url: "/openapi.json" })).json();
      const schema =
        doc.paths["/v3/tools/business-document/"].post.responses["200"].content["application/json"].schema;
      assert.ok(schema.properties.fields.properties.registration_number);
      assert.ok(schema.properties.full_text.description);
    });
  });
});
