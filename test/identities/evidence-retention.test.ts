// design: Evidence retention — session evidence past the tenant's retention is purged (URL 404, file gone),
// the session's selfie leaves the gallery, and newer evidence stays.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import sharp from "sharp";
import { purgeExpiredEvidence, setEvidenceRetentionDays } from "../../src/identities/evidence-retention.js";
import { saveEvidence } from "../../src/platform/media/evidence.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { createSessionOver, questionnaireWorkflow } from "../verify/session-fixtures.js";
import { insertSessionFace } from "./gallery-fixtures.js";

describe("evidence retention sweep", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test("evidence older than the tenant's retention is purged with its gallery face; newer evidence stays", async () => {
    const tenant = await t.tenant();
    await setEvidenceRetentionDays(t.services, tenant.tenant_id, 30);
    const workflowId = await questionnaireWorkflow(t, tenant);
    const session = await createSessionOver(t, tenant, { workflow_id: workflowId, vendor_data: "old-user" });
    const { individual_id } = await t.services.db
      .selectFrom("sessions")
      .select("individual_id")
      .where("id", "=", session.id)
      .executeTakeFirstOrThrow();
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#777" } })
      .jpeg()
      .toBuffer();
    const save = (kind: string) =>
      saveEvidence(t.services.db, t.services.media, {
        tenantId: tenant.tenant_id,
        sessionId: session.id,
        individualId: individual_id,
        kind,
        bytes,
        contentType: "image/jpeg",
      });
    const old = await save("selfie");
    const fresh = await save("document_front");
    const { thumbPath } = await insertSessionFace(t.services, {
      tenantId: tenant.tenant_id,
      individualId: individual_id!,
      sessionId: session.id,
    });
    // Age the selfie and the face beyond 30 days.
    await sql`UPDATE media_objects SET created_at = now() - interval '40 days' WHERE id = ${old.id}`.execute(
      t.services.db,
    );
    await sql`UPDATE faces SET created_at = now() - interval '40 days' WHERE session_id = ${session.id}`.execute(
      t.services.db,
    );

    const purged = await purgeExpiredEvidence(t.services);
    assert.equal(purged, 2, "the old selfie and the face's thumbnail");
    assert.equal(
      (await t.app.inject({ url: `/v3/media/${old.path}`, headers: tenant.headers })).statusCode,
      404,
    );
    assert.equal(await t.services.media.get(old.path), null);
    assert.equal(
      (await t.app.inject({ url: `/v3/media/${thumbPath}`, headers: tenant.headers })).statusCode,
      404,
    );
    assert.equal(
      (await t.app.inject({ url: `/v3/media/${fresh.path}`, headers: tenant.headers })).statusCode,
      200,
    );
    const faces = await t.services.db
      .selectFrom("faces")
      .select("id")
      .where("session_id", "=", session.id)
      .execute();
    assert.equal(faces.length, 0);
  });

  test("retention must be 1..3650 days", async () => {
    const tenant = await t.tenant();
    await assert.rejects(() => setEvidenceRetentionDays(t.services, tenant.tenant_id, 0), /1\.\.3650/);
  });
});
