// Exact in-process gallery search: the fallback when PostgreSQL has no pgvector (design: vectors),
// and the reference the pgvector path is tested against. Same scores as compare().
import { compareEmbeddings, cosineDistanceForSimilarity } from "./similarity.js";

export interface GalleryCandidate<Id = string> {
  id: Id;
  embedding: ArrayLike<number>;
}

export interface GalleryMatch<Id = string> {
  id: Id;
  /** 0..1, 4 decimals. */
  score: number;
}

export interface GallerySearchOptions {
  /** Minimum similarity (spec: face-search default 0.35, range 0.2..0.95). */
  threshold: number;
  /** spec: face-search top_k default 12, range 1..50. */
  topK: number;
}

/** Every candidate scoring at least `threshold`, best first (ties by id for a stable order), at most `topK`. */
export function searchExact<Id extends string | number>(
  query: ArrayLike<number>,
  candidates: Iterable<GalleryCandidate<Id>>,
  { threshold, topK }: GallerySearchOptions,
): GalleryMatch<Id>[] {
  const matches: GalleryMatch<Id>[] = [];
  for (const candidate of candidates) {
    if (candidate.embedding.length !== query.length) continue; // another embedding model
    const score = compareEmbeddings(query, candidate.embedding);
    if (score >= threshold) matches.push({ id: candidate.id, score });
  }
  matches.sort((a, b) => b.score - a.score || String(a.id).localeCompare(String(b.id)));
  return matches.slice(0, topK);
}

/** pgvector literal ('[0.1,0.2,…]') for a `vector(n)` parameter. */
export function toPgVector(embedding: ArrayLike<number>): string {
  return `[${Array.from(embedding, (v) => (Number.isFinite(v) ? v : 0)).join(",")}]`;
}

/** Parses a pgvector text value back into an embedding. */
export function fromPgVector(text: string): Float32Array {
  const body = text.trim().replace(/^\[|\]$/g, "");
  return body === "" ? new Float32Array(0) : Float32Array.from(body.split(","), Number);
}

/**
 * SQL cutoff for the pgvector path: `WHERE embedding <=> $query <= maxCosineDistance(threshold)
 * ORDER BY embedding <=> $query LIMIT topK` returns the same set as searchExact (cosine distance
 * is monotonic in similarity; see similarity.ts).
 */
export function maxCosineDistance(threshold: number): number {
  return cosineDistanceForSimilarity(threshold);
}
