// face-verify through the whole HTTP stack (app.inject: auth, rate bucket, zod, decode, two analyses,
// entitlement, debit in a transaction) vs the bare engine `analyze` of the same two images in the same
// run (baseline): p50/p99 of each and the overhead ratio. Interleaved so machine load hits both alike.
// Run: node --import tsx bench/face-verify.bench.ts   (about a minute; FACE_VERIFY_ROUNDS=N for more;
// DATABASE_URL=… to debit on PostgreSQL instead of PGlite)
import { readFile } from "node:fs/promises";
import { decodeImageField } from "../src/engines/image/decode-image-field.js";
import { createTestApp } from "../test/support/test-app.js";

const DATA = new URL("../../shared/data/faces/deepface/", import.meta.url);
const PAIRS: [string, string][] = [
  ["img1.jpg", "img2.jpg"],
  ["img1.jpg", "img20.jpg"],
  ["img22.jpg", "img23.jpg"],
  ["img38.jpg", "img39.jpg"],
  ["img16.jpg", "img17.jpg"],
];
const ROUNDS = Number(process.env.FACE_VERIFY_ROUNDS ?? 4);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
}

async function main() {
  const t = await createTestApp();
  try {
    const tenant = await t.tenant({ credits: "100000" });
    const engine = await t.services.engines.face();
    const images = new Map<string, string>();
    for (const name of new Set(PAIRS.flat()))
      images.set(name, (await readFile(new URL(name, DATA))).toString("base64"));
    // Warm-up: first inference compiles WASM kernels.
    await engine.analyze((await decodeImageField(images.get("img1.jpg"), "image")).rgb);

    const http: number[] = [];
    const raw: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [a, b] of PAIRS) {
        const payload = { reference_base64: images.get(a), probe_base64: images.get(b) };
        let start = performance.now();
        const response = await t.app.inject({
          method: "POST",
          url: "/v3/tools/face-verify/",
          headers: tenant.headers,
          payload,
        });
        http.push(performance.now() - start);
        if (response.statusCode !== 200) throw new Error(`face-verify ${a}/${b}: ${response.body}`);

        const [ra, rb] = [
          await decodeImageField(payload.reference_base64, "reference"),
          await decodeImageField(payload.probe_base64, "probe"),
        ];
        start = performance.now();
        await engine.analyze(ra.rgb);
        await engine.analyze(rb.rgb);
        raw.push(performance.now() - start);
      }
    }
    const h = stats(http);
    const r = stats(raw);
    console.log(`database: ${t.services.database.kind}, ${PAIRS.length} pairs x ${ROUNDS} rounds`);
    console.log(
      `raw analyze x2 (baseline)  n=${r.n}  p50 ${r.p50.toFixed(0)} ms  p99 ${r.p99.toFixed(0)} ms`,
    );
    console.log(
      `face-verify over HTTP      n=${h.n}  p50 ${h.p50.toFixed(0)} ms  p99 ${h.p99.toFixed(0)} ms`,
    );
    console.log(
      `overhead ratio (HTTP / raw): p50 ${(h.p50 / r.p50).toFixed(2)}x  p99 ${(h.p99 / r.p99).toFixed(2)}x; ` +
        `absolute p50 overhead ${(h.p50 - r.p50).toFixed(0)} ms (decode of two full-size JPEGs, auth, debit)`,
    );
  } finally {
    await t.close();
  }
}

await main();
