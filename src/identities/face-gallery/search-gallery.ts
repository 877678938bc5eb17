// spec: face-search — the tenant's enrolled gallery, best score first, one match per identity, read-only.
// Two backends with the same meaning (design: vectors): pgvector HNSW where the extension exists, exact
// in-process search (searchExact) elsewhere. Both score every returned face with the engine's own
// compare(), so a face scores the same on either path; HNSW may only miss a far candidate (recall).
import { sql } from "kysely";
import { maxCosineDistance, searchExact, toPgVector } from "../../engines/face/gallery-search.js";
import { compareEmbeddings } from "../../engines/face/similarity.js";
import type { Queryable } from "../../platform/db/transaction.js";
import { withTransaction } from "../../platform/db/transaction.js";
import { mediaUrl } from "../../platform/media/evidence.js";
import type { Services } from "../../services.js";
import { isFaceVectorIndexReady, prepareFaceVectorIndex, VECTOR_WIDTH } from "./vector-index.js";

export type GalleryBackend = "hnsw" | "exact";

export interface SearchGalleryInput {
  tenantId: string;
  embedding: ArrayLike<number>;
  /** Only faces embedded by this model are compared (face engine README: never compare across models). */
  embeddingModel: string;
  /** Minimum similarity, 0..1. */
  threshold: number;
  /** At most this many identities. */
  topK: number;
  /** Import duplicate check: never report a face against the identity it belongs to. */
  excludeIndividualId?: string;
  /** Default: HNSW when the vector index is ready, exact otherwise. Tests and benches force one. */
  backend?: GalleryBackend;
}

/** spec: Tool result shapes — Face search match. */
export interface FaceSearchMatch {
  individual_id: string;
  name: string;
  external_user_id: string;
  status: string;
  kyc_status: string;
  /** 0..1, 4 decimals. */
  score: number;
  /** Absolute URL of the best-matching face's thumbnail (GET /v3/media/…), empty when none was kept. */
  thumb: string;
}

export interface GallerySearchResult {
  matches: FaceSearchMatch[];
  backend: GalleryBackend;
}

interface FaceHit {
  individualId: string;
  thumbPath: string | null;
  score: number;
}

type GalleryServices = Pick<Services, "config" | "database">;

export async function searchGallery(
  db: Queryable,
  services: GalleryServices,
  input: SearchGalleryInput,
): Promise<GallerySearchResult> {
  const backend = input.backend ?? ((await vectorPathReady(db, services)) ? "hnsw" : "exact");
  if (backend === "hnsw" && input.embedding.length !== VECTOR_WIDTH) {
    throw new Error(`the vector index holds ${VECTOR_WIDTH}-d embeddings, not ${input.embedding.length}-d`);
  }
  const hits = backend === "hnsw" ? await nearestByIndex(db, input) : await nearestExactly(db, input);
  return { matches: await describeMatches(db, services, input, hits), backend };
}

/**
 * Which path `auto` takes. createServices prepares the index at start; the memoised call here only matters
 * for database handles opened another way (benchmarks), and never inside a transaction.
 */
async function vectorPathReady(db: Queryable, services: GalleryServices): Promise<boolean> {
  if (!services.database.vectorAvailable) return false;
  if (db.isTransaction) return isFaceVectorIndexReady(services.database.db);
  return prepareFaceVectorIndex(services.database.db, true);
}

async function nearestByIndex(db: Queryable, input: SearchGalleryInput): Promise<FaceHit[]> {
  // An identity may hold several faces: over-fetch, then keep each identity's best.
  const limit = input.topK * 3 + 8;
  // research/storage.md: with a tenant filter, plain HNSW returns too few rows; the iterative scan
  // keeps walking the graph until `limit` rows pass the filter. ef_search bounds each step's beam.
  const efSearch = Math.min(1000, Math.max(40, limit * 2));
  const query = toPgVector(input.embedding);
  // Slack over the exact cutoff: float4 distances in SQL may round either way; compare() decides.
  const cutoff = maxCosineDistance(input.threshold) + 1e-4;
  const rows = await withTransaction(db, async (tx) => {
    await sql`SET LOCAL hnsw.iterative_scan = relaxed_order`.execute(tx);
    await sql.raw(`SET LOCAL hnsw.ef_search = ${efSearch}`).execute(tx);
    const result = await sql<{ individual_id: string; thumb_path: string | null; embedding: number[] }>`
      WITH nearest AS MATERIALIZED (
        SELECT individual_id, thumb_path, embedding, embedding_vec <=> ${query}::vector AS distance
        FROM faces
        WHERE tenant_id = ${input.tenantId}
          AND embedding_model = ${input.embeddingModel}
          AND individual_id <> ${input.excludeIndividualId ?? "00000000-0000-0000-0000-000000000000"}
        ORDER BY embedding_vec <=> ${query}::vector
        LIMIT ${limit}
      )
      SELECT individual_id, thumb_path, embedding FROM nearest WHERE distance <= ${cutoff}`.execute(tx);
    return result.rows;
  });
  // relaxed_order may return rows slightly out of order: rank in process.
  return rankHits(
    rows.map((row) => ({
      individualId: row.individual_id,
      thumbPath: row.thumb_path,
      score: compareEmbeddings(input.embedding, row.embedding),
    })),
    input.threshold,
  );
}

async function nearestExactly(db: Queryable, input: SearchGalleryInput): Promise<FaceHit[]> {
  let query = db
    .selectFrom("faces")
    // Binary (array_send): the driver's text parsing of 10k real[] rows costs ~1 s (bench/gallery-search).
    .select(["id", "individual_id", "thumb_path", sql<Uint8Array>`array_send(embedding)`.as("embedding")])
    .where("tenant_id", "=", input.tenantId)
    .where("embedding_model", "=", input.embeddingModel);
  if (input.excludeIndividualId) query = query.where("individual_id", "<>", input.excludeIndividualId);
  const rows = await query.execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const found = searchExact(
    input.embedding,
    rows.map((row) => ({ id: row.id, embedding: parseArraySend(row.embedding) })),
    { threshold: input.threshold, topK: rows.length },
  );
  return rankHits(
    found.map((match) => {
      const row = byId.get(match.id)!;
      return { individualId: row.individual_id, thumbPath: row.thumb_path, score: match.score };
    }),
    input.threshold,
  );
}

/** Best first (ties by identity id, for a stable order), one hit per identity, at or above the threshold. */
function rankHits(hits: FaceHit[], threshold: number): FaceHit[] {
  const best = new Map<string, FaceHit>();
  for (const hit of hits) {
    if (hit.score < threshold) continue;
    const seen = best.get(hit.individualId);
    if (!seen || hit.score > seen.score) best.set(hit.individualId, hit);
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.individualId.localeCompare(b.individualId));
}

async function describeMatches(
  db: Queryable,
  services: GalleryServices,
  input: SearchGalleryInput,
  hits: FaceHit[],
): Promise<FaceSearchMatch[]> {
  const top = hits.slice(0, input.topK);
  if (top.length === 0) return [];
  const people = await db
    .selectFrom("individuals")
    .select(["id", "full_name", "external_user_id", "status", "kyc_status"])
    .where("tenant_id", "=", input.tenantId)
    .where(
      "id",
      "in",
      top.map((hit) => hit.individualId),
    )
    .execute();
  const byId = new Map(people.map((person) => [person.id, person]));
  return top.flatMap((hit) => {
    const person = byId.get(hit.individualId);
    if (!person) return [];
    return [
      {
        individual_id: person.id,
        name: person.full_name ?? "",
        external_user_id: person.external_user_id ?? "",
        status: person.status,
        kyc_status: person.kyc_status,
        score: hit.score,
        thumb: hit.thumbPath ? mediaUrl(services.config.publicUrl, hit.thumbPath) : "",
      },
    ];
  });
}

/** A one-dimensional real[] in PostgreSQL's binary array format (array_send) → floats, exactly. */
function parseArraySend(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dimensions = view.getInt32(0);
  if (dimensions === 0) return new Float32Array(0);
  // Header: ndim, has-null flag, element type oid, then (length, lower bound) per dimension.
  const length = view.getInt32(12);
  const values = new Float32Array(length);
  let offset = 12 + dimensions * 8;
  for (let i = 0; i < length; i++) {
    offset += 4; // each element's byte length (always 4 for real)
    values[i] = view.getFloat32(offset);
    offset += 4;
  }
  return values;
}

/** Embedding widths already in the tenant's gallery (import: embedding_mismatch when a new one differs). */
export async function galleryEmbeddingWidths(db: Queryable, tenantId: string): Promise<number[]> {
  const rows = await db
    .selectFrom("faces")
    .select("embedding_width")
    .distinct()
    .where("tenant_id", "=", tenantId)
    .execute();
  return rows.map((row) => row.embedding_width);
}
