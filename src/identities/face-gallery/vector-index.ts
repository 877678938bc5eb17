// The pgvector side of the face gallery (design: vectors — HNSW cosine where the extension exists, exact
// in-process search elsewhere). Added at startup rather than in a migration because the migration must
// apply on a PostgreSQL server without pgvector; every statement is idempotent, so it also catches up a
// server on which pgvector was installed after the migration ran.
import { sql } from "kysely";
import type { Db } from "../../platform/db/database.js";

/** The one embedding width the vector column holds (face engine README: face-api 128-d). */
export const VECTOR_WIDTH = 128;

const prepared = new WeakMap<Db, Promise<boolean>>();

/**
 * Adds `faces.embedding_vec vector(128)`, a trigger that keeps it equal to `embedding` (rows of
 * another width get null), backfills it, and builds the HNSW cosine index. Resolves true when the
 * vector path is usable. Runs once per database handle; call it outside any transaction.
 */
export function prepareFaceVectorIndex(db: Db, vectorAvailable: boolean): Promise<boolean> {
  if (!vectorAvailable) return Promise.resolve(false);
  let pending = prepared.get(db);
  if (!pending) {
    pending = addVectorColumn(db).then(
      () => true,
      (error: unknown) => {
        prepared.delete(db); // let a later call retry
        throw error;
      },
    );
    prepared.set(db, pending);
  }
  return pending;
}

/** Whether prepareFaceVectorIndex has completed on this handle (never waits, never touches the database). */
export async function isFaceVectorIndexReady(db: Db): Promise<boolean> {
  const pending = prepared.get(db);
  if (!pending) return false;
  return pending.catch(() => false);
}

const SYNC_FUNCTION_BODY = `
        BEGIN
          NEW.embedding_vec := CASE WHEN NEW.embedding_width = ${VECTOR_WIDTH}
            THEN NEW.embedding::vector(${VECTOR_WIDTH}) ELSE NULL END;
          RETURN NEW;
        END
        `;

/**
 * Whether a previous start left everything in place: the trigger runs this exact function body and the
 * index exists, so every row written since was synced and there is nothing to backfill. One catalog
 * read instead of five DDL statements on every start (issue 18: start time).
 */
export async function isVectorColumnPrepared(db: Db): Promise<boolean> {
  const { rows } = await sql<{ ready: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE t.tgrelid = to_regclass('faces') AND t.tgname = 'faces_sync_embedding_vec'
        AND p.prosrc = ${SYNC_FUNCTION_BODY}
    ) AND to_regclass('faces_embedding_hnsw') IS NOT NULL AS ready`.execute(db);
  return rows[0]?.ready === true;
}

async function addVectorColumn(db: Db): Promise<void> {
  if (await isVectorColumnPrepared(db)) return;
  await db.transaction().execute(async (tx) => {
    // Serializes concurrent starters (several API nodes on one server) on the faces table.
    await sql`LOCK TABLE faces IN SHARE ROW EXCLUSIVE MODE`.execute(tx);
    await sql
      .raw(`ALTER TABLE faces ADD COLUMN IF NOT EXISTS embedding_vec vector(${VECTOR_WIDTH})`)
      .execute(tx);
    await sql
      .raw(`
        CREATE OR REPLACE FUNCTION faces_sync_embedding_vec() RETURNS trigger LANGUAGE plpgsql AS $fn$${SYNC_FUNCTION_BODY}$fn$`)
      .execute(tx);
    await sql`DROP TRIGGER IF EXISTS faces_sync_embedding_vec ON faces`.execute(tx);
    await sql`
      CREATE TRIGGER faces_sync_embedding_vec BEFORE INSERT OR UPDATE OF embedding, embedding_width ON faces
      FOR EACH ROW EXECUTE FUNCTION faces_sync_embedding_vec()`.execute(tx);
    // Rows written before the trigger existed (or while the extension was missing).
    await sql
      .raw(`
        UPDATE faces SET embedding_vec = embedding::vector(${VECTOR_WIDTH})
        WHERE embedding_vec IS NULL AND embedding_width = ${VECTOR_WIDTH}`)
      .execute(tx);
    await sql`
      CREATE INDEX IF NOT EXISTS faces_embedding_hnsw ON faces
      USING hnsw (embedding_vec vector_cosine_ops)`.execute(tx);
  });
}
