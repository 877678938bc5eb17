// Face similarity on a 0..1 scale, and the thresholds chosen from the measurements in
// bench/face-accuracy.bench.ts (figures in README.md).
//
// Mapping. Embeddings are L2-normalized, so cosine c and euclidean distance d relate by
// d = sqrt(2·(1 − c)). The score is
//     similarity = clamp(1 − d / SIMILARITY_ZERO_DISTANCE, 0, 1)
// i.e. linear in euclidean distance: 1 at distance 0, 0 at SIMILARITY_ZERO_DISTANCE = 0.8
// (different people measured here sit at d ≥ 0.42, most far beyond). It is monotonic in cosine, so pgvector's
// cosine ordering is the similarity ordering and a similarity threshold converts exactly into a
// cosine-distance cutoff (cosineDistanceForSimilarity).

/** Euclidean distance (unit vectors) at which similarity reaches 0. */
export const SIMILARITY_ZERO_DISTANCE = 0.8;

/**
 * Default verify threshold (0..1 similarity). On the 280 pivot pairs same-person scores are
 * ≥ 0.62 and different-person ≤ 0.56 at full quality; with one side degraded (document-portrait
 * conditions) the best cut lies near 0.50. 0.5 keeps every clean pair right and is the
 * accuracy-maximizing cut on the degraded set. See README.md for the table.
 */
export const DEFAULT_FACE_VERIFY_THRESHOLD = 0.5;

/** spec: Limits — face-search threshold default 0.35, range 0.2..0.95. */
export const DEFAULT_FACE_SEARCH_THRESHOLD = 0.35;

export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`embedding widths differ: ${a.length} vs ${b.length}`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** 0..1 similarity from a cosine (see the mapping above). */
export function similarityFromCosine(cosine: number): number {
  const distance = Math.sqrt(Math.max(0, 2 * (1 - cosine)));
  return Math.min(1, Math.max(0, 1 - distance / SIMILARITY_ZERO_DISTANCE));
}

/** 0..1 similarity from pgvector's cosine distance (`embedding <=> query`, i.e. 1 − cosine). */
export function similarityFromCosineDistance(cosineDistance: number): number {
  return similarityFromCosine(1 - cosineDistance);
}

/** The largest pgvector cosine distance (`<=>`) whose similarity still reaches `similarity`. */
export function cosineDistanceForSimilarity(similarity: number): number {
  const distance = (1 - similarity) * SIMILARITY_ZERO_DISTANCE;
  return (distance * distance) / 2;
}

/** Similarity of two embeddings of the same model, rounded to 4 decimals (spec: score 0..1, 4 decimals). */
export function compareEmbeddings(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return Math.round(similarityFromCosine(cosineSimilarity(a, b)) * 10_000) / 10_000;
}
