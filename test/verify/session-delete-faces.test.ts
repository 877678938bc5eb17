// Deleting a session removes the faces it enrolled in the gallery (issue 4) and their thumbnail files.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { insertSessionFace } from "../identities/gallery-fixtures.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { createSessionOver, questionnaireWorkflow } from "./session-fixtures.js";

describe("session deletion and the face gallery", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test("a deleted session's selfie leaves the gallery, its thumbnail stops resolving and its file is gone", async () => {
    const tenant = await t.tenant();
    const workflowId = await questionnaireWorkflow(t, tenant);
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId, vendor_data: "user-7" });
    const { individual_id } = await t.services.db
      .selectFrom("sessions")
      .select("individual_id")
      .where("id", "=", session.id)
      .executeTakeFirstOrThrow();
    const { thumbPath } = await insertSessionFace(t.services, {
      tenantId: tenant.tenant_id,
      individualId: individual_id!,
      sessionId: session.id,
    });
    const thumbUrl = `/v3/media/${thumbPath}`;
    assert.equal((await t.app.inject({ url: thumbUrl, headers: tenant.headers })).statusCode, 200);

    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/v3/session/${session.id}/delete/`,
      headers: tenant.headers,
    });
    assert.equal(deleted.statusCode, 204);

    const faces = await t.services.db
      .selectFrom("faces")
      .select("id")
      .where("session_id", "=", session.id)
      .execute();
    assert.equal(faces.length, 0);
    assert.equal((await t.app.inject({ url: thumbUrl, headers: tenant.headers })).statusCode, 404);
    assert.equal(await t.services.media.get(thumbPath), null);
  });
});
