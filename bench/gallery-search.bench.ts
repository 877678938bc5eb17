// Face gallery search at 10k (and, with BENCH_FULL=1, 100k) enrolled faces of one tenant, plus 10 %
// as many faces of another tenant (so the tenant filter matters): p50/p99 latency and recall@12 of the
// HNSW path against the exact path (the in-run baseline: exact search is the ground truth).
// Synthetic embeddings: unit vectors clustered 20 to a "person" (cosine ≈ 0.9 to the centre), so a
// query has real neighbours above the 0.2 floor. On PostgreSQL without pgvector only the exact path runs.
// Run: node --import tsx bench/gallery-search.bench.ts   (~2 min on PGlite; DATABASE_URL=… for PostgreSQL)
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { type GalleryBackend, searchGallery } from "../src/identities/face-gallery/search-gallery.js";
import { prepareFaceVectorIndex } from "../src/identities/face-gallery/vector-index.js";
import { createTestServices, type TestServices } from "../test/support/test-services.js";

const MODEL = "face-api-resnet34-128";
const WIDTH = 128;
const SIZES = process.env.BENCH_FULL === "1" ? [10_000, 100_000] : [10_000];
const QUERIES = Number(process.env.GALLERY_BENCH_QUERIES ?? 40);
const TOP_K = 12;
const THRESHOLD = 0.2;
const PER_PERSON = 20;

let seed = 42;
function gaussian(): number {
  // Box–Muller on a small LCG: reproducible runs.
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed + 1) / 2147483649;
  };
  return Math.sqrt(-2 * Math.log(next())) * Math.cos(2 * Math.PI * next());
}

function unit(values: number[]): number[] {
  const norm = Math.hypot(...values);
  return values.map((v) => v / norm);
}

function randomUnit(): number[] {
  return unit(Array.from({ length: WIDTH }, gaussian));
}

/** centre + noise with cosine ≈ 0.9 to the centre. */
function near(centre: number[], spread = 0.48): number[] {
  return unit(centre.map((v) => v + (gaussian() * spread) / Math.sqrt(WIDTH)));
}

async function loadTenant(services: TestServices, tenantId: string, faces: number, centres: number[][]) {
  const batch = 1000;
  for (let offset = 0; offset < faces; offset += batch) {
    const count = Math.min(batch, faces - offset);
    const people = await services.db
      .insertInto("individuals")
      .values(Array.from({ length: count }, (_, i) => ({ tenant_id: tenantId, full_name: `P${offset + i}` })))
      .returning("id")
      .execute();
    await services.db
      .insertInto("faces")
      .values(
        people.map((person, i) => ({
          tenant_id: tenantId,
          individual_id: person.id,
          session_id: randomUUID(),
          source: "session_selfie" as const,
          embedding: near(centres[Math.floor((offset + i) / PER_PERSON) % centres.length]!),
          embedding_model: MODEL,
          embedding_width: WIDTH,
        })),
      )
      .execute();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function timeSearches(
  services: TestServices,
  tenantId: string,
  queries: number[][],
  backend: GalleryBackend,
): Promise<{ times: number[]; results: string[][] }> {
  const times: number[] = [];
  const results: string[][] = [];
  for (const embedding of queries) {
    const start = performance.now();
    const { matches } = await searchGallery(services.db, services, {
      tenantId,
      embedding,
      embeddingModel: MODEL,
      threshold: THRESHOLD,
      topK: TOP_K,
      backend,
    });
    times.push(performance.now() - start);
    results.push(matches.map((m) => m.individual_id));
  }
  return { times, results };
}

function report(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  console.log(`  ${label.padEnd(8)} p50 ${p50.toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms`);
  return p50;
}

async function runSize(size: number) {
  const services = await createTestServices();
  try {
    const vector = services.database.vectorAvailable;
    const tenants: string[] = [];
    for (const name of ["bench-a", "bench-b"]) {
      const row = await services.db
        .insertInto("tenants")
        .values({ name, jwt_signing_secret: "x" })
        .returning("id")
        .executeTakeFirstOrThrow();
      tenants.push(row.id);
    }
    const centres = Array.from({ length: Math.ceil(size / PER_PERSON) }, randomUnit);
    if (vector) {
      await prepareFaceVectorIndex(services.db, true);
      // Inserting into an HNSW-indexed table is slow on PGlite (research/storage.md): load, then build.
      await sql`DROP INDEX faces_embedding_hnsw`.execute(services.db);
    }
    let start = performance.now();
    await loadTenant(services, tenants[0]!, size, centres);
    await loadTenant(services, tenants[1]!, size / 10, centres);
    const loadMs = performance.now() - start;
    let buildMs = 0;
    if (vector) {
      start = performance.now();
      await sql`CREATE INDEX faces_embedding_hnsw ON faces USING hnsw (embedding_vec vector_cosine_ops)`.execute(
        services.db,
      );
      buildMs = performance.now() - start;
    }
    await sql`ANALYZE faces`.execute(services.db);
    console.log(
      `${services.database.kind}, ${size} faces (+${size / 10} of another tenant): load ${(loadMs / 1000).toFixed(1)} s` +
        (vector ? `, HNSW build ${(buildMs / 1000).toFixed(1)} s` : ", no pgvector: exact path only"),
    );
    const queries = Array.from({ length: QUERIES }, (_, i) => near(centres[(i * 7919) % centres.length]!));
    const exact = await timeSearches(services, tenants[0]!, queries, "exact");
    const exactP50 = report("exact", exact.times);
    if (!vector) return;
    const hnsw = await timeSearches(services, tenants[0]!, queries, "hnsw");
    const hnswP50 = report("hnsw", hnsw.times);
    let found = 0;
    let wanted = 0;
    hnsw.results.forEach((ids, i) => {
      const truth = new Set(exact.results[i]);
      wanted += truth.size;
      found += ids.filter((id) => truth.has(id)).length;
    });
    const meanTruth = wanted / queries.length;
    console.log(
      `  recall@${TOP_K} ${(found / wanted).toFixed(4)} (mean ${meanTruth.toFixed(1)} true matches per query); ` +
        `speed-up exact/hnsw p50 ${(exactP50 / hnswP50).toFixed(1)}x`,
    );
  } finally {
    await services.close();
  }
}

for (const size of SIZES) await runSize(size);
