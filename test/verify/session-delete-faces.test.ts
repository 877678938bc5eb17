// Deleting a session removes the faces it enrolled in the gallery (issue 4) and their thumbnail files.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { saveEvidence } from "../../src/platform/media/evidence.js";
import { createWorkflow } from "../../src/verify/workflows/workflows.js";
import { createTestApp, type TestApp } from "../support/test-app.js";

describe("session deletion and the face gallery", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test("a deleted session's selfie leaves the gallery, its thumbnail stops resolving and its file is gone", async () => {
    const tenant = await t.tenant();
    const workflow = await createWorkflow(t.services.db, tenant.tenant_id, {
      name: "Questions",
      nodes: [{ feature: "QUESTIONNAIRE", config: { questions: [{ id: "q", label: "Q", type: "text" }] } }],
    });
    const created = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: { workflow_id: workflow.id, vendor_data: "user-7" },
    });
    const session = created.json();
    const row = await t.services.db
      .selectFrom("sessions")
      .select("individual_id")
      .where("id", "=", session.id)
      .executeTakeFirstOrThrow();
    const thumbBytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } })
      .jpeg()
      .toBuffer();
    const thumb = await saveEvidence(t.services.db, t.services.media, {
      tenantId: tenant.tenant_id,
      individualId: row.individual_id,
      kind: "face_thumb",
      bytes: thumbBytes,
      contentType: "image/jpeg",
    });
    await t.services.db
      .insertInto("faces")
      .values({
        tenant_id: tenant.tenant_id,
        individual_id: row.individual_id!,
        session_id: session.id,
        source: "session_selfie",
        embedding: Array.from({ length: 128 }, (_, i) => (i === 0 ? 1 : 0)),
        embedding_model: "face-api-resnet34-128",
        embedding_width: 128,
        thumb_path: thumb.path,
        thumb_media_id: thumb.id,
      } as never)
      .execute();
    const thumbUrl = `/v3/media/${thumb.path}`;
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
    assert.equal(await t.services.media.get(thumb.path), null);
  });
});
