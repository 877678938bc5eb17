// A start re-runs the vector column's DDL only when a previous start did not leave it in place (issue 18:
// start time), and still repairs an outdated trigger function or a missing index.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { sql } from "kysely";
import {
  isVectorColumnPrepared,
  prepareFaceVectorIndex,
} from "../../src/identities/face-gallery/vector-index.js";
import { createTestServices, type TestServices } from "../support/test-services.js";

let services: TestServices;
before(async () => {
  services = await createTestServices();
});
after(() => services.close());

test("a database prepared by a previous start needs no DDL", async (t) => {
  if (!services.database.vectorAvailable) return t.skip("no pgvector on this server");
  assert.equal(await isVectorColumnPrepared(services.db), true);
});

test("an outdated trigger function is replaced at the next start", async (t) => {
  if (!services.database.vectorAvailable) return t.skip("no pgvector on this server");
  await sql`
    CREATE OR REPLACE FUNCTION faces_sync_embedding_vec() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN NEW.embedding_vec := NULL; RETURN NEW; END $fn$`.execute(services.db);
  assert.equal(await isVectorColumnPrepared(services.db), false);
  // A new handle on the same database is what the next start has.
  assert.equal(await prepareFaceVectorIndex(services.db.withoutPlugins(), true), true);
  assert.equal(await isVectorColumnPrepared(services.db), true);
});

test("a missing HNSW index is built again at the next start", async (t) => {
  if (!services.database.vectorAvailable) return t.skip("no pgvector on this server");
  await sql`DROP INDEX faces_embedding_hnsw`.execute(services.db);
  assert.equal(await isVectorColumnPrepared(services.db), false);
  await prepareFaceVectorIndex(services.db.withoutPlugins(), true);
  const { rows } = await sql<{ found: string | null }>`
    SELECT to_regclass('faces_embedding_hnsw')::text AS found`.execute(services.db);
  assert.equal(rows[0]?.found, "faces_embedding_hnsw");
});
