// Import batches processed end to end by the job worker: real photographs served by a local HTTP server on
// 127.0.0.1 (ALLOW_PRIVATE_TARGETS and IMPORT_ALLOW_HTTP on, as only tests and local development may),
// the real face engine, the gallery, the ledger; and the fetch refusals with both flags off.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { enrollFace } from "../../src/identities/face-gallery/enroll-face.js";
import { identityImportJob } from "../../src/identities/import/run-import-batch.js";
import { withTransaction } from "../../src/platform/db/transaction.js";
import type { JobDefinition } from "../../src/platform/jobs/catalog.js";
import { type JobWorker, startJobWorker } from "../../src/platform/jobs/worker.js";
import { setFeatures } from "../../src/platform/tenants/entitlements.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { createIndividual, landscapeBase64, photoBytes } from "./gallery-fixtures.js";

const URL_ = "/v3/identities/import/";

interface Row {
  row: number;
  external_user_id: string;
  status: string;
  detail: string;
  message: string;
  individual_id: string | null;
  matches: { individual_id: string; score: number }[];
}

/** Photos by name, redirect chains of any length, a text file and a 404. */
async function startPhotoServer(): Promise<{ server: Server; base: string }> {
  const landscape = Buffer.from(await landscapeBase64(), "base64");
  const server = createServer(async (request, response) => {
    const path = request.url ?? "/";
    const redirect = /^\/redirect\/(\d+)\/(.+)$/.exec(path);
    if (redirect) {
      const left = Number(redirect[1]);
      const next = left <= 1 ? `/photos/${redirect[2]}` : `/redirect/${left - 1}/${redirect[2]}`;
      response.writeHead(302, { location: next }).end();
      return;
    }
    if (path === "/landscape.jpg") {
      response.writeHead(200, { "content-type": "image/jpeg" }).end(landscape);
      return;
    }
    if (path === "/huge.jpg") {
      // a JPEG header followed by more than 8 MB, sent without a Content-Length
      response.writeHead(200, { "content-type": "image/jpeg" });
      response.write(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
      for (let i = 0; i < 9; i++) response.write(Buffer.alloc(1024 * 1024));
      response.end();
      return;
    }
    if (path === "/notes.jpg") {
      // declared as JPEG, but the bytes are text: refused by content
      response
        .writeHead(200, { "content-type": "image/jpeg" })
        .end("just some text, not a photo\n".repeat(20));
      return;
    }
    const photo = /^\/photos\/([\w.]+)$/.exec(path);
    if (photo) {
      try {
        const bytes = await photoBytes(photo[1]!);
        response.writeHead(200, { "content-type": "image/jpeg" }).end(bytes);
      } catch {
        response.writeHead(404).end();
      }
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function waitForBatch(t: TestApp, tenant: TestTenant, batchId: string, query = "?page_size=200") {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const body = (
      await t.app.inject({ method: "GET", url: `${URL_}${batchId}/${query}`, headers: tenant.headers })
    ).json();
    if (body.status === "completed" || body.status === "failed") return body as BatchBody;
    if (Date.now() > deadline) throw new Error(`batch ${batchId} still ${body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

type BatchBody = Record<string, unknown> & { rows: Row[] };

function byRow(rows: Row[]): Map<number, Row> {
  return new Map(rows.map((row) => [row.row, row]));
}

describe("identity import processing", () => {
  let t: TestApp;
  let worker: JobWorker;
  let photos: { server: Server; base: string };
  let owner: TestTenant;

  before(async () => {
    photos = await startPhotoServer();
    t = await createTestApp({ ALLOW_PRIVATE_TARGETS: "true", IMPORT_ALLOW_HTTP: "true" });
    worker = startJobWorker(t.services, [identityImportJob] as JobDefinition<never>[], { pollMs: 100 });
    owner = await t.tenant({ credits: "100" });
    await setFeatures(t.services.db, owner.tenant_id, ["IDENTITY_IMPORT"], true);
  });
  after(async () => {
    await worker.stop();
    await t.close();
    photos.server.close();
  });

  const create = (payload: Record<string, unknown>, tenant = owner) =>
    t.app.inject({ method: "POST", url: URL_, headers: tenant.headers, payload });

  let batchId: string;
  let rows: Map<number, Row>;
  let batch: BatchBody;

  test("a batch runs to completed with one outcome per row", async () => {
    const created = await create({
      source_system: "legacy-crm",
      consent_reference: "consent-2024-07",
      identities: [
        {
          external_user_id: "jane-a",
          full_name: "Jane A",
          photo_url: `${photos.base}/photos/img1.jpg`,
          country: "NP",
        },
        // img2 shows the same person as img1 (face-recognition-pivot.csv)
        { external_user_id: "jane-b", photo_url: `${photos.base}/photos/img2.jpg` },
        { external_user_id: "nobody", photo_url: `${photos.base}/landscape.jpg` },
        { external_user_id: "pair", photo_url: `${photos.base}/photos/couple.jpg` },
        { external_user_id: "hops-4", photo_url: `${photos.base}/redirect/4/img20.jpg` },
        { external_user_id: "hops-3", photo_url: `${photos.base}/redirect/3/img20.jpg` },
        { external_user_id: "text", photo_url: `${photos.base}/notes.jpg` },
        { external_user_id: "gone", photo_url: `${photos.base}/photos/missing.jpg` },
        { external_user_id: "no-photo" },
        // the same identity again with another photo of the same person: updated, never matched to itself
        { external_user_id: "jane-a", photo_url: `${photos.base}/photos/img4.jpg` },
      ],
    });
    assert.equal(created.statusCode, 202, created.body);
    batchId = created.json().batch_id;
    batch = await waitForBatch(t, owner, batchId);
    rows = byRow(batch.rows);
    assert.equal(batch.status, "completed");
    assert.equal(batch.total, 10);
    assert.equal(batch.processed, 10);
    assert.equal(typeof batch.finished_at, "string");
    assert.equal(batch.error, "");
  });

  test("a photo with one face creates the identity with its provenance and kyc_status unknown", async () => {
    const row = rows.get(1)!;
    assert.equal(row.status, "created", row.message);
    assert.deepEqual(row.matches, []);
    const person = await t.services.db
      .selectFrom("individuals")
      .selectAll()
      .where("id", "=", row.individual_id!)
      .executeTakeFirstOrThrow();
    assert.equal(person.tenant_id, owner.tenant_id);
    assert.equal(person.external_user_id, "jane-a");
    assert.equal(person.full_name, "Jane A");
    assert.equal(person.country, "NP");
    assert.equal(person.kyc_status, "unknown");
    const provenance = (person.metadata as { import: Record<string, unknown> }).import;
    assert.equal(provenance.source_system, "legacy-crm");
    assert.equal(provenance.consent_reference, "consent-2024-07");
    assert.equal(provenance.batch_id, batchId);
    assert.equal(typeof provenance.row, "number");
  });

  test("the same person under another id is imported and reported against the earlier row", async () => {
    const row = rows.get(2)!;
    assert.equal(row.status, "created", row.message);
    assert.equal(row.detail, "duplicate");
    assert.equal(row.matches[0]?.individual_id, rows.get(1)!.individual_id);
    assert.ok(row.matches[0]!.score >= 0.35);
  });

  test("a photo without a face: no_face_detected; two faces: multiple_faces", () => {
    assert.deepEqual([rows.get(3)!.status, rows.get(3)!.detail], ["error", "no_face_detected"]);
    assert.deepEqual([rows.get(4)!.status, rows.get(4)!.detail], ["error", "multiple_faces"]);
  });

  test("more than 3 redirects: too_many_redirects; 3 redirects are followed", () => {
    assert.deepEqual([rows.get(5)!.status, rows.get(5)!.detail], ["error", "too_many_redirects"]);
    assert.equal(rows.get(6)!.status, "created", rows.get(6)!.message);
  });

  test("bytes that are not JPEG or PNG: unsupported_image_type, whatever the declared type", () => {
    assert.deepEqual([rows.get(7)!.status, rows.get(7)!.detail], ["error", "unsupported_image_type"]);
  });

  test("a photo the server cannot deliver: fetch_failed; no photo_url: photo_url_required", () => {
    assert.deepEqual([rows.get(8)!.status, rows.get(8)!.detail], ["error", "fetch_failed"]);
    assert.deepEqual([rows.get(9)!.status, rows.get(9)!.detail], ["error", "photo_url_required"]);
  });

  test("a known external_user_id updates its identity and is never matched against it", () => {
    const row = rows.get(10)!;
    assert.equal(row.status, "updated", row.message);
    assert.equal(row.individual_id, rows.get(1)!.individual_id);
    assert.ok(row.matches.every((match) => match.individual_id !== row.individual_id));
    assert.equal(batch.created, 3);
    assert.equal(batch.updated, 1);
    assert.equal(batch.failed, 6);
  });

  test("each imported row is debited once at the IDENTITY_IMPORT rate; failed rows are free", async () => {
    const debits = await t.services.db
      .selectFrom("credit_ledger")
      .select(["delta", "reason"])
      .where("tenant_id", "=", owner.tenant_id)
      .where("feature", "=", "IDENTITY_IMPORT")
      .execute();
    assert.equal(debits.length, 4);
    assert.ok(debits.every((debit) => debit.reason === "tool_usage" && debit.delta === "-0.05"));
  });

  test("on_duplicate skip leaves out a row whose face matches another identity", async () => {
    const created = await create({
      source_system: "crm",
      consent_reference: "c",
      on_duplicate: "skip",
      identities: [{ external_user_id: "jane-c", photo_url: `${photos.base}/photos/img2.jpg` }],
    });
    const body = await waitForBatch(t, owner, created.json().batch_id);
    const row = body.rows[0]!;
    assert.deepEqual([row.status, row.detail], ["skipped", "duplicate"]);
    assert.ok(row.matches.length > 0);
    const person = await t.services.db
      .selectFrom("individuals")
      .select("id")
      .where("tenant_id", "=", owner.tenant_id)
      .where("external_user_id", "=", "jane-c")
      .executeTakeFirst();
    assert.equal(person, undefined);
  });

  test("on_duplicate none imports without a duplicate check", async () => {
    const created = await create({
      source_system: "crm",
      consent_reference: "c",
      on_duplicate: "none",
      identities: [{ external_user_id: "jane-d", photo_url: `${photos.base}/photos/img2.jpg` }],
    });
    const body = await waitForBatch(t, owner, created.json().batch_id);
    assert.deepEqual(
      [body.rows[0]!.status, body.rows[0]!.detail, body.rows[0]!.matches],
      ["created", "", []],
    );
  });

  test("a body over 8 MB: file_too_large", async () => {
    const created = await create({
      source_system: "crm",
      consent_reference: "c",
      identities: [{ external_user_id: "huge", photo_url: `${photos.base}/huge.jpg` }],
    });
    const body = await waitForBatch(t, owner, created.json().batch_id);
    assert.deepEqual([body.rows[0]!.status, body.rows[0]!.detail], ["error", "file_too_large"]);
  });

  test("a gallery of another embedding width: embedding_mismatch, nothing enrolled", async () => {
    const tenant = await t.tenant();
    await setFeatures(t.services.db, tenant.tenant_id, ["IDENTITY_IMPORT"], true);
    const individualId = await createIndividual(t.services.db, tenant.tenant_id);
    const width = 512;
    await withTransaction(t.services.db, (tx) =>
      enrollFace(tx, t.services, {
        tenantId: tenant.tenant_id,
        individualId,
        source: "session_selfie",
        sessionId: "00000000-0000-4000-8000-000000000001",
        image: { data: new Uint8Array(64 * 64 * 3).fill(128), width: 64, height: 64 },
        face: {
          box: { x: 16, y: 16, width: 32, height: 32 },
          embedding: new Float32Array(width).fill(1 / Math.sqrt(width)),
          embeddingModel: "another-model-512",
          embeddingWidth: width,
        },
      }),
    );
    const created = await create(
      {
        source_system: "crm",
        consent_reference: "c",
        identities: [{ external_user_id: "w", photo_url: `${photos.base}/photos/img1.jpg` }],
      },
      tenant,
    );
    const body = await waitForBatch(t, tenant, created.json().batch_id);
    assert.deepEqual([body.rows[0]!.status, body.rows[0]!.detail], ["error", "embedding_mismatch"]);
    const faces = await t.services.db
      .selectFrom("faces")
      .select("id")
      .where("tenant_id", "=", tenant.tenant_id)
      .execute();
    assert.equal(faces.length, 1);
  });

  test("a row the balance cannot cover fails with insufficient_credits; earlier rows landed", async () => {
    const poor = await t.tenant({ credits: "0.05" });
    await setFeatures(t.services.db, poor.tenant_id, ["IDENTITY_IMPORT"], true);
    const created = await create(
      {
        source_system: "crm",
        consent_reference: "c",
        identities: [
          { external_user_id: "one", photo_url: `${photos.base}/photos/img1.jpg` },
          { external_user_id: "two", photo_url: `${photos.base}/photos/img20.jpg` },
        ],
      },
      poor,
    );
    assert.equal(created.statusCode, 202);
    const body = await waitForBatch(t, poor, created.json().batch_id);
    assert.equal(body.status, "completed");
    assert.deepEqual(
      body.rows.map((row) => [row.status, row.detail]),
      [
        ["created", ""],
        ["error", "insufficient_credits"],
      ],
    );
  });

  test("the status filter selects rows of a processed batch", async () => {
    const body = await waitForBatch(t, owner, batchId, "?status=created,updated");
    assert.equal(body.row_count, 4);
    assert.deepEqual(
      body.rows.map((row) => row.row),
      [1, 2, 6, 10],
    );
  });

  test("DELETE removes the faces the batch enrolled and purges their thumbnails", async () => {
    const thumbs = await t.services.db
      .selectFrom("faces")
      .select("thumb_path")
      .where("import_batch_id", "=", batchId)
      .execute();
    assert.equal(thumbs.length, 4);
    const response = await t.app.inject({
      method: "DELETE",
      url: `${URL_}${batchId}/`,
      headers: owner.headers,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { batch_id: batchId, status: "completed", faces_removed: 4 });
    const left = await t.services.db
      .selectFrom("faces")
      .select("id")
      .where("import_batch_id", "=", batchId)
      .execute();
    assert.equal(left.length, 0);
    for (const { thumb_path } of thumbs) {
      const media = await t.app.inject({
        method: "GET",
        url: `/v3/media/${thumb_path}`,
        headers: owner.headers,
      });
      assert.equal(media.statusCode, 404, "thumbnail no longer served");
    }
    const search = await t.app.inject({
      method: "POST",
      url: "/v3/tools/face-search/",
      headers: owner.headers,
      payload: { image_base64: (await photoBytes("img20.jpg")).toString("base64") },
    });
    assert.equal(search.statusCode, 200);
    assert.ok(
      search
        .json()
        .matches.every((match: { external_user_id: string }) => match.external_user_id !== "hops-3"),
    );
  });
});

describe("identity import fetch refusals with the development flags off", () => {
  let t: TestApp;
  let worker: JobWorker;
  let tenant: TestTenant;

  before(async () => {
    t = await createTestApp();
    worker = startJobWorker(t.services, [identityImportJob] as JobDefinition<never>[], { pollMs: 100 });
    tenant = await t.tenant();
    await setFeatures(t.services.db, tenant.tenant_id, ["IDENTITY_IMPORT"], true);
  });
  after(async () => {
    await worker.stop();
    await t.close();
  });

  test("private addresses, plain http, local names and malformed URLs are refused per row", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: URL_,
      headers: tenant.headers,
      payload: {
        source_system: "crm",
        consent_reference: "c",
        identities: [
          { external_user_id: "a", photo_url: "https://127.0.0.1/img1.jpg" },
          { external_user_id: "b", photo_url: "https://169.254.169.254/latest/meta-data" },
          { external_user_id: "c", photo_url: "http://photos.example.com/img1.jpg" },
          { external_user_id: "d", photo_url: "ftp://photos.example.com/img1.jpg" },
          { external_user_id: "e", photo_url: "not a url" },
          { external_user_id: "f", photo_url: "https://localhost/img1.jpg" },
          { external_user_id: "g", photo_url: "https://user:pw@photos.example.com/img1.jpg" },
          { external_user_id: "h", photo_url: "https://no-such-host.invalid/img1.jpg" },
        ],
      },
    });
    assert.equal(created.statusCode, 202);
    const body = await waitForBatch(t, tenant, created.json().batch_id);
    assert.deepEqual(
      body.rows.map((row) => row.detail),
      [
        "blocked_address",
        "blocked_address",
        "bad_scheme",
        "bad_scheme",
        "bad_url",
        "host_not_allowed",
        "host_not_allowed",
        "dns_failed",
      ],
    );
    assert.ok(body.rows.every((row) => row.status === "error"));
  });
});
