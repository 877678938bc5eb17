// /v3/media over the S3 store (issue 18): the same rules as the directory store — 200 with the bytes (never a
// redirect), only the owner, purged or deleted evidence stops resolving and leaves the bucket — against a
// real S3-compatible server (s3rver on loopback).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import { purgeExpiredEvidence, setEvidenceRetentionDays } from "../../src/identities/evidence-retention.js";
import { saveEvidence } from "../../src/platform/media/evidence.js";
import { createWorkflow } from "../../src/verify/workflows/workflows.js";
import { startS3Server, type TestS3Server } from "../support/s3-server.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { createSessionOver, pngBase64 } from "./session-fixtures.js";

describe("evidence on the S3 media store", () => {
  let s3: TestS3Server;
  let t: TestApp;
  let owner: TestTenant;
  let other: TestTenant;
  before(async () => {
    s3 = await startS3Server();
    t = await createTestApp(s3.env("media-test"));
    owner = await t.tenant();
    other = await t.tenant();
  });
  after(async () => {
    await t.close();
    await s3.close();
  });

  const mediaPath = (url: string) => url.split("/v3/media/")[1]!;

  test("an applicant's upload lands in the bucket and the owner reads the same bytes with 200", async () => {
    const workflow = await createWorkflow(t.services.db, owner.tenant_id, {
      name: "Proof of address",
      nodes: [
        {
          id: "proof",
          feature: "QUESTIONNAIRE",
          config: { questions: [{ id: "bill", label: "Utility bill", type: "file" }] },
        },
      ],
    });
    const session = await createSessionOver(t, owner, { workflow_id: workflow.id });
    const image = await pngBase64();
    assert.equal((await t.app.inject({ url: `/flow-api/${session.token}/state` })).statusCode, 200);
    const step = await t.app.inject({
      method: "POST",
      url: `/flow-api/${session.token}/steps/proof`,
      payload: { answers: { bill: image } },
    });
    assert.equal(step.statusCode, 200, step.body);
    const finished = await t.app.inject({ method: "POST", url: `/flow-api/${session.token}/finish` });
    assert.equal(finished.statusCode, 200, finished.body);
    const read = await t.app.inject({ url: `/v3/session/${session.id}/`, headers: owner.headers });
    const url = read.json().decision_v3.questionnaire_responses[0].data.questions[0]
      .answer_file_url as string;

    const media = await t.app.inject({ url: new URL(url).pathname, headers: owner.headers });
    assert.equal(media.statusCode, 200);
    assert.equal(media.headers.location, undefined);
    assert.equal(media.headers["content-type"], "image/png");
    assert.deepEqual(media.rawPayload, Buffer.from(image, "base64"));
    assert.equal(Number(media.headers["content-length"]), media.rawPayload.length);
    assert.deepEqual(await s3Object(mediaPath(url)), Buffer.from(image, "base64"), "stored in the bucket");
  });

  test("another tenant's key gets the same 404 as a missing file", async () => {
    const saved = await save(owner, "selfie");
    const theirs = await t.app.inject({ url: `/v3/media/${saved.path}`, headers: other.headers });
    const missing = await t.app.inject({
      url: `/v3/media/${saved.path.replace(/\.jpg$/, "x.jpg")}`,
      headers: owner.headers,
    });
    assert.equal(theirs.statusCode, 404);
    assert.equal(missing.statusCode, 404);
    assert.equal(theirs.body, missing.body);
  });

  test("a row whose object is gone from the bucket answers 404, not 500", async () => {
    const saved = await save(owner, "selfie");
    await t.services.media.delete(saved.path);
    const response = await t.app.inject({ url: `/v3/media/${saved.path}`, headers: owner.headers });
    assert.equal(response.statusCode, 404);
  });

  test("deleting the session deletes its objects from the bucket and its URLs stop resolving", async () => {
    const session = await createSessionOver(t, owner, {});
    const saved = await save(owner, "document_front", session.id);
    assert.ok(await s3Object(saved.path));
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/v3/session/${session.id}/delete/`,
      headers: owner.headers,
    });
    assert.ok([200, 204].includes(deleted.statusCode), deleted.body);
    assert.equal(
      (await t.app.inject({ url: `/v3/media/${saved.path}`, headers: owner.headers })).statusCode,
      404,
    );
    assert.equal(await s3Object(saved.path), null);
  });

  test("the retention sweep purges old evidence from the bucket and keeps newer evidence", async () => {
    const tenant = await t.tenant();
    await setEvidenceRetentionDays(t.services, tenant.tenant_id, 30);
    const session = await createSessionOver(t, tenant, {});
    const old = await save(tenant, "selfie", session.id);
    const fresh = await save(tenant, "document_front", session.id);
    await sql`UPDATE media_objects SET created_at = now() - interval '40 days' WHERE id = ${old.id}`.execute(
      t.services.db,
    );
    assert.ok((await purgeExpiredEvidence(t.services)) >= 1);
    assert.equal(await s3Object(old.path), null);
    assert.equal(
      (await t.app.inject({ url: `/v3/media/${old.path}`, headers: tenant.headers })).statusCode,
      404,
    );
    const kept = await t.app.inject({ url: `/v3/media/${fresh.path}`, headers: tenant.headers });
    assert.equal(kept.statusCode, 200);
    assert.deepEqual(kept.rawPayload, await s3Object(fresh.path));
  });

  async function save(tenant: TestTenant, kind: string, sessionId?: string) {
    return saveEvidence(t.services.db, t.services.media, {
      tenantId: tenant.tenant_id,
      sessionId: sessionId ?? null,
      kind,
      bytes: Buffer.from(await pngBase64(64, 48), "base64"),
      contentType: "image/jpeg",
    });
  }

  /** The object as the bucket holds it, read with a plain S3 GET (not through the service). */
  async function s3Object(path: string): Promise<Buffer | null> {
    const response = await fetch(`${s3.endpoint}/${s3.bucket}/media-test/${path}`);
    if (response.status === 404) return null;
    assert.equal(response.status, 200);
    return Buffer.from(await response.arrayBuffer());
  }
});
