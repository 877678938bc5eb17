// The face gallery's domain functions on synthetic unit embeddings (no model needed): both search
// backends, identity grouping, tenant scope, and removal by session and by import batch.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import type { RgbImage } from "../../src/engines/image/decode-image-field.js";
import { type EnrollFaceInput, enrollFace } from "../../src/identities/face-gallery/enroll-face.js";
import {
  removeFacesOfImportBatch,
  removeFacesOfSession,
} from "../../src/identities/face-gallery/remove-faces.js";
import { searchGallery } from "../../src/identities/face-gallery/search-gallery.js";
import { prepareFaceVectorIndex } from "../../src/identities/face-gallery/vector-index.js";
import { withTransaction } from "../../src/platform/db/transaction.js";
import { createTestServices, type TestServices } from "../support/test-services.js";
import { createIndividual } from "./gallery-fixtures.js";

const MODEL = "face-api-resnet34-128";
const IMAGE: RgbImage = { data: new Uint8Array(64 * 64 * 3).fill(128), width: 64, height: 64 };
const BOX = { x: 16, y: 16, width: 32, height: 32 };

/** Deterministic pseudo-random unit vector. */
function unitVector(seed: number, width = 128): Float32Array {
  let state = seed * 2654435761;
  const values = Float32Array.from({ length: width }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648 - 0.5;
  });
  const norm = Math.hypot(...values);
  return values.map((v) => v / norm);
}

/** `base` moved towards `toward` by `amount`, renormalized: a controlled look-alike. */
function blend(base: Float32Array, toward: Float32Array, amount: number): Float32Array {
  const mixed = base.map((v, i) => v * (1 - amount) + (toward[i] as number) * amount);
  const norm = Math.hypot(...mixed);
  return mixed.map((v) => v / norm);
}

describe("face gallery", () => {
  let services: TestServices;
  let tenantA: string;
  let tenantB: string;
  const probe = unitVector(1);
  const people: string[] = [];

  async function enroll(
    tenantId: string,
    individualId: string,
    embedding: Float32Array,
    source?: Partial<EnrollFaceInput>,
  ) {
    return withTransaction(services.db, (tx) =>
      enrollFace(tx, services, {
        tenantId,
        individualId,
        source: "session_selfie",
        sessionId: randomUUID(),
        image: IMAGE,
        face: { box: BOX, embedding, embeddingModel: MODEL, embeddingWidth: embedding.length },
        ...source,
      } as EnrollFaceInput),
    );
  }

  before(async () => {
    services = await createTestServices();
    for (const name of ["tenant-a", "tenant-b"]) {
      const row = await services.db
        .insertInto("tenants")
        .values({ name, jwt_signing_secret: "x" })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (name === "tenant-a") tenantA = row.id;
      else tenantB = row.id;
    }
    // 40 identities at graded distances from the probe, plus 20 unrelated ones.
    for (let i = 0; i < 60; i++) {
      const id = await createIndividual(services.db, tenantA, { full_name: `Person ${i}` });
      people.push(id);
      const embedding = i < 40 ? blend(unitVector(100 + i), probe, 0.9 - i * 0.02) : unitVector(1000 + i);
      await enroll(tenantA, id, embedding);
    }
  });
  after(() => services.close());

  test("the HNSW and the exact backend return the same matches", async (t) => {
    if (!services.database.vectorAvailable) return t.skip("no pgvector on this server");
    assert.equal(await prepareFaceVectorIndex(services.db, true), true);
    const input = { tenantId: tenantA, embedding: probe, embeddingModel: MODEL, threshold: 0.35, topK: 12 };
    const hnsw = await searchGallery(services.db, services, { ...input, backend: "hnsw" });
    const exact = await searchGallery(services.db, services, { ...input, backend: "exact" });
    assert.equal(hnsw.backend, "hnsw");
    assert.equal(exact.matches.length, 12);
    assert.deepEqual(hnsw.matches, exact.matches);
  });

  test("the exact backend answers on its own: best first, at or above the threshold, at most top_k", async () => {
    const { matches } = await searchGallery(services.db, services, {
      tenantId: tenantA,
      embedding: probe,
      embeddingModel: MODEL,
      threshold: 0.5,
      topK: 50,
      backend: "exact",
    });
    assert.ok(matches.length > 0 && matches.length < 40);
    assert.equal(matches[0]!.individual_id, people[0]);
    for (let i = 1; i < matches.length; i++) assert.ok(matches[i - 1]!.score >= matches[i]!.score);
    assert.ok(matches.every((m) => m.score >= 0.5));
  });

  test("without a forced backend, search uses HNSW exactly when pgvector is available", async () => {
    const result = await searchGallery(services.db, services, {
      tenantId: tenantA,
      embedding: probe,
      embeddingModel: MODEL,
      threshold: 0.35,
      topK: 3,
    });
    assert.equal(result.backend, services.database.vectorAvailable ? "hnsw" : "exact");
  });

  test("the vector column follows the stored embedding", async (t) => {
    if (!services.database.vectorAvailable) return t.skip("no pgvector on this server");
    await prepareFaceVectorIndex(services.db, true);
    const id = await createIndividual(services.db, tenantA);
    const { faceId } = await enroll(tenantA, id, unitVector(7));
    const row = await sql<{ same: boolean }>`
      SELECT embedding_vec = embedding::vector AS same FROM faces WHERE id = ${faceId}`.execute(services.db);
    assert.equal(row.rows[0]!.same, true);
  });

  test("an identity with several faces is one match carrying its best score", async () => {
    const id = await createIndividual(services.db, tenantB);
    await enroll(tenantB, id, blend(unitVector(5), probe, 0.5));
    await enroll(tenantB, id, blend(unitVector(6), probe, 0.8));
    const { matches } = await searchGallery(services.db, services, {
      tenantId: tenantB,
      embedding: probe,
      embeddingModel: MODEL,
      threshold: 0.2,
      topK: 12,
      backend: "exact",
    });
    assert.equal(matches.length, 1);
    const best = await searchGallery(services.db, services, {
      tenantId: tenantB,
      embedding: probe,
      embeddingModel: MODEL,
      threshold: 0.2,
      topK: 12,
    });
    assert.deepEqual(best.matches, matches);
  });

  test("a search never returns another tenant's faces", async () => {
    const tenantC = (
      await services.db
        .insertInto("tenants")
        .values({ name: "c", jwt_signing_secret: "x" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    for (const backend of [
      "exact",
      ...(services.database.vectorAvailable ? ["hnsw" as const] : []),
    ] as const) {
      const { matches } = await searchGallery(services.db, services, {
        tenantId: tenantC,
        embedding: probe,
        embeddingModel: MODEL,
        threshold: 0.2,
        topK: 50,
        backend,
      });
      assert.deepEqual(matches, [], backend);
    }
  });

  test("the import duplicate check never reports a face against its own identity", async () => {
    const { matches } = await searchGallery(services.db, services, {
      tenantId: tenantA,
      embedding: probe,
      embeddingModel: MODEL,
      threshold: 0.35,
      topK: 3,
      excludeIndividualId: people[0],
    });
    assert.ok(matches.length > 0);
    assert.ok(matches.every((m) => m.individual_id !== people[0]));
  });

  test("faces of another embedding model are never compared", async () => {
    const { matches } = await searchGallery(services.db, services, {
      tenantId: tenantA,
      embedding: probe,
      embeddingModel: "another-model",
      threshold: 0.2,
      topK: 50,
      backend: "exact",
    });
    assert.deepEqual(matches, []);
  });

  test("removing a session's faces removes only that session's faces of that tenant", async () => {
    const id = await createIndividual(services.db, tenantB);
    const sessionId = randomUUID();
    await enroll(tenantB, id, unitVector(50), { source: "session_selfie", sessionId });
    await enroll(tenantB, id, unitVector(51));
    const foreign = await withTransaction(services.db, (tx) => removeFacesOfSession(tx, tenantA, sessionId));
    assert.equal(foreign.removed, 0);
    const removed = await withTransaction(services.db, (tx) => removeFacesOfSession(tx, tenantB, sessionId));
    assert.equal(removed.removed, 1);
    assert.equal(removed.thumbs.length, 1);
    const left = await services.db.selectFrom("faces").select("id").where("individual_id", "=", id).execute();
    assert.equal(left.length, 1);
  });

  test("removing an import batch removes the faces the batch enrolled", async () => {
    const batch = randomUUID();
    const id = await createIndividual(services.db, tenantB);
    await enroll(tenantB, id, unitVector(60), {
      source: "import",
      importBatchId: batch,
    } as Partial<EnrollFaceInput>);
    await enroll(tenantB, id, unitVector(61), {
      source: "import",
      importBatchId: batch,
    } as Partial<EnrollFaceInput>);
    const removed = await withTransaction(services.db, (tx) => removeFacesOfImportBatch(tx, tenantB, batch));
    assert.equal(removed.removed, 2);
  });

  test("a document portrait or liveness still cannot be enrolled", async () => {
    const id = await createIndividual(services.db, tenantB);
    for (const source of ["document_portrait", "liveness_still", "vendor_reference"]) {
      await assert.rejects(
        enroll(tenantB, id, unitVector(70), { source } as unknown as Partial<EnrollFaceInput>),
      );
    }
  });
});
