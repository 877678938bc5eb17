// Issue 12: a capture the reader finds nothing in says why, so the page gives the right advice — a clear
// photo of a face is "no document found" (422 document_not_found), a dark or blurred document is 422
// document_unreadable with reason too_dark / blurry; the step stays current for the retake.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { createWorkflow } from "../../../src/verify/workflows/workflows.js";
import { photoBase64 } from "../../identities/gallery-fixtures.js";
import { drawPassport } from "../../specimens/documents/passport.js";
import { createRandom } from "../../specimens/seeded-random.js";
import { createTestApp, type TestApp, type TestTenant } from "../../support/test-app.js";
import { createSessionOver } from "../session-fixtures.js";

const FACES = new URL("../../../../shared/data/faces/deepface/", import.meta.url).pathname;

describe("document capture refusals", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let workflowId: string;
  let passport: Buffer;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ features: "all" });
    workflowId = (
      await createWorkflow(t.services.db, tenant.tenant_id, {
        name: "Document only",
        nodes: [{ id: "document", feature: "ID_VERIFICATION", config: {} }],
      })
    ).id;
    passport = await (await drawPassport(createRandom(2), `${FACES}img2.jpg`, 2, {})).canvas.toPng();
  });
  after(() => t.close());

  async function submitFront(image: string) {
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId });
    await t.app.inject({ url: `/flow-api/${session.token}/state` });
    const response = await t.app.inject({
      method: "POST",
      url: `/flow-api/${session.token}/steps/document`,
      payload: { front_image: image },
    });
    const state = (await t.app.inject({ url: `/flow-api/${session.token}/state` })).json();
    assert.equal(state.current_step.node_id, "document", "the step stays current for a retake");
    return response;
  }

  test("a clear selfie is 422 document_not_found, not advice about light", async () => {
    const response = await submitFront(await photoBase64("img1.jpg"));
    assert.equal(response.statusCode, 422, response.body);
    assert.equal(response.json().detail, "document_not_found");
    assert.equal(response.json().reason, undefined);
  });

  test("a document photographed in the dark is 422 document_unreadable, reason too_dark", async () => {
    // Too dark to read even after the reader stretches contrast: a dim, soft shot.
    const dark = await sharp(passport)
      .modulate({ brightness: 0.15 })
      .blur(4)
      .jpeg({ quality: 70 })
      .toBuffer();
    const response = await submitFront(dark.toString("base64"));
    assert.equal(response.statusCode, 422, response.body);
    assert.deepEqual(
      { detail: response.json().detail, reason: response.json().reason },
      { detail: "document_unreadable", reason: "too_dark" },
    );
  });

  test("a badly blurred document is 422 document_unreadable, reason blurry", async () => {
    const blurred = await sharp(passport).blur(9).jpeg({ quality: 70 }).toBuffer();
    const response = await submitFront(blurred.toString("base64"));
    assert.equal(response.statusCode, 422, response.body);
    assert.deepEqual(
      { detail: response.json().detail, reason: response.json().reason },
      { detail: "document_unreadable", reason: "blurry" },
    );
  });
});
