import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  fromPgVector,
  maxCosineDistance,
  searchExact,
  toPgVector,
} from "../../../src/engines/face/gallery-search.js";
import {
  compareEmbeddings,
  cosineDistanceForSimilarity,
  similarityFromCosine,
  similarityFromCosineDistance,
} from "../../../src/engines/face/similarity.js";

/** A unit vector at `angle` radians from the x axis in the first two dimensions of a 128-d space. */
function direction(angle: number): Float32Array {
  const v = new Float32Array(128);
  v[0] = Math.cos(angle);
  v[1] = Math.sin(angle);
  return v;
}

describe("similarity scale", () => {
  test("identical embeddings score 1 and opposite ones 0", () => {
    assert.equal(compareEmbeddings(direction(0), direction(0)), 1);
    assert.equal(compareEmbeddings(direction(0), direction(Math.PI)), 0);
  });

  test("similarity falls as the angle between embeddings grows", () => {
    const scores = [0.1, 0.2, 0.3, 0.4].map((a) => compareEmbeddings(direction(0), direction(a)));
    assert.deepEqual(
      [...scores].sort((a, b) => b - a),
      scores,
    );
  });

  test("a similarity threshold converts exactly into pgvector's cosine-distance cutoff", () => {
    for (const threshold of [0.2, 0.35, 0.5, 0.95]) {
      const distance = cosineDistanceForSimilarity(threshold);
      assert.ok(Math.abs(similarityFromCosineDistance(distance) - threshold) < 1e-9);
      assert.ok(Math.abs(similarityFromCosine(1 - distance) - threshold) < 1e-9);
    }
  });
});

describe("searchExact", () => {
  const gallery = [
    { id: "far", embedding: direction(1.2) },
    { id: "near", embedding: direction(0.05) },
    { id: "middle", embedding: direction(0.3) },
    { id: "other-model", embedding: new Float32Array(1024).fill(0.03) },
  ];

  test("returns candidates at or above the threshold, best first", () => {
    const matches = searchExact(direction(0), gallery, { threshold: 0.35, topK: 12 });
    assert.deepEqual(
      matches.map((m) => m.id),
      ["near", "middle"],
    );
    assert.ok((matches[0]?.score ?? 0) > (matches[1]?.score ?? 1));
  });

  test("returns at most topK matches", () => {
    assert.equal(searchExact(direction(0), gallery, { threshold: 0, topK: 1 }).length, 1);
  });

  test("skips embeddings of another width (another model)", () => {
    const ids = searchExact(direction(0), gallery, { threshold: 0, topK: 50 }).map((m) => m.id);
    assert.ok(!ids.includes("other-model"));
  });

  test("agrees with the pgvector cutoff: a match's cosine distance is within maxCosineDistance", () => {
    const threshold = 0.35;
    for (const candidate of gallery.slice(0, 3)) {
      const cosineDistance =
        1 - Math.cos(Math.atan2(candidate.embedding[1] ?? 0, candidate.embedding[0] ?? 0));
      const found = searchExact(direction(0), [candidate], { threshold, topK: 1 }).length === 1;
      assert.equal(found, cosineDistance <= maxCosineDistance(threshold) + 1e-6, candidate.id);
    }
  });

  test("pgvector text round-trips an embedding", () => {
    const v = direction(0.7);
    assert.deepEqual(fromPgVector(toPgVector(v)), v);
  });
});
