// /healthz latency over real HTTP while an identity import runs on the embedded database (PGlite: one
// connection, queries on the main thread) vs the same probe on the idle server in the same run (baseline),
// plus how long a second tenant's 2-row import waits behind the first tenant's large one (fairness).
// The probe asks every 50 ms, one request at a time; the event-loop delay histogram says how long the
// process could not answer anything at all.
// Run: node --import tsx bench/import-healthz.bench.ts   (IMPORT_BENCH_ROWS=N, default 40; ~2 min)
import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createHttpApp } from "../src/composition/http-app.js";
import { identityImportJob } from "../src/identities/import/run-import-batch.js";
import type { JobDefinition } from "../src/platform/jobs/catalog.js";
import { startJobWorker } from "../src/platform/jobs/worker.js";
import { setFeatures } from "../src/platform/tenants/entitlements.js";
import { createTenant } from "../src/platform/tenants/tenants.js";
import { openBenchServices } from "./support/bench-services.js";
import { percentile } from "./support/latency-stats.js";

const ROWS = Number(process.env.IMPORT_BENCH_ROWS ?? 40);
const CAP_MS = Number(process.env.IMPORT_BENCH_CAP_S ?? 180) * 1000;
const FACES = new URL("../../shared/data/faces/deepface/", import.meta.url);
// One-face portraits only (the multi-face and reflection pictures would just fail fast).
const PHOTOS = readdirSync(FACES).filter((name) => /^img\d+\.jpg$/.test(name));

const photoServer = createServer(async (request, response) => {
  const name = /^\/(img\d+\.jpg)$/.exec(request.url ?? "")?.[1];
  if (!name) return void response.writeHead(404).end();
  response.writeHead(200, { "content-type": "image/jpeg" }).end(await readFile(new URL(name, FACES)));
});
await new Promise<void>((resolve) => photoServer.listen(0, "127.0.0.1", resolve));
const photoBase = `http://127.0.0.1:${(photoServer.address() as AddressInfo).port}`;

const { services, close } = await openBenchServices("pglite", {
  ALLOW_PRIVATE_TARGETS: "true",
  IMPORT_ALLOW_HTTP: "true",
});
const app = await createHttpApp(services, { logger: false });
const base = await app.listen({ port: 0, host: "127.0.0.1" });
await services.engines.face(); // load the models before measuring anything

async function probe(untilMs: number, stop: () => boolean = () => false): Promise<number[]> {
  const samples: number[] = [];
  while (Date.now() < untilMs && !stop()) {
    const started = performance.now();
    const response = await fetch(`${base}/healthz`);
    await response.arrayBuffer();
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return samples;
}

function figures(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1)! };
}

async function importTenant(name: string) {
  const tenant = await createTenant(
    services.db,
    { name, credits: "100000" },
    { hooks: services.hooks.tenantCreated },
  );
  await setFeatures(services.db, tenant.tenant_id, ["IDENTITY_IMPORT"], true);
  return tenant;
}

async function startImport(apiKey: string, rows: number, prefix: string): Promise<string> {
  const identities = Array.from({ length: rows }, (_, i) => ({
    external_user_id: `${prefix}-${i}`,
    photo_url: `${photoBase}/${PHOTOS[i % PHOTOS.length]}`,
  }));
  const response = await fetch(`${base}/v3/identities/import/`, {
    method: "POST",
    headers: { "x-api-key": apiKey, "content-type": "application/json" },
    body: JSON.stringify({
      source_system: "bench",
      consent_reference: "bench-consent",
      identities,
      on_duplicate: "report",
    }),
  });
  if (response.status !== 202) throw new Error(`import: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { batch_id: string }).batch_id;
}

async function batchStatus(batchId: string): Promise<string> {
  const row = await services.db
    .selectFrom("import_batches")
    .select("status")
    .where("id", "=", batchId)
    .executeTakeFirstOrThrow();
  return row.status;
}

// Baseline: the idle server.
const idle = figures(await probe(Date.now() + 5_000));

const large = await importTenant("large");
const small = await importTenant("small");
const worker = startJobWorker(services, [identityImportJob] as JobDefinition<never>[], { pollMs: 100 });
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const importStarted = Date.now();
const largeBatch = await startImport(large.api_key, ROWS, "large");
let largeDone = false;
let smallWaitMs = Number.NaN;
const watcher = (async () => {
  // The small tenant arrives once the large import is under way.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const smallStarted = Date.now();
  const smallBatch = await startImport(small.api_key, 2, "small");
  while (Date.now() - importStarted < CAP_MS) {
    if (Number.isNaN(smallWaitMs) && ["completed", "failed"].includes(await batchStatus(smallBatch)))
      smallWaitMs = Date.now() - smallStarted;
    if (["completed", "failed"].includes(await batchStatus(largeBatch))) largeDone = true;
    if (largeDone && !Number.isNaN(smallWaitMs)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
})();
const busy = figures(await probe(importStarted + CAP_MS, () => largeDone));
await watcher;
loopDelay.disable();
const importSeconds = (Date.now() - importStarted) / 1000;

console.log(
  `rows ${ROWS}; import ${largeDone ? "finished" : "still running"} after ${importSeconds.toFixed(1)} s`,
);
console.log(
  `healthz idle (baseline): n=${idle.n} p50 ${idle.p50.toFixed(1)} ms, p99 ${idle.p99.toFixed(1)} ms, max ${idle.max.toFixed(1)} ms`,
);
console.log(
  `healthz during import:   n=${busy.n} p50 ${busy.p50.toFixed(1)} ms, p99 ${busy.p99.toFixed(1)} ms, max ${busy.max.toFixed(1)} ms`,
);
console.log(
  `ratio vs idle: p50 ×${(busy.p50 / idle.p50).toFixed(1)}, p99 ×${(busy.p99 / idle.p99).toFixed(1)}, max ×${(busy.max / idle.max).toFixed(1)}`,
);
console.log(
  `event-loop delay during import: p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(loopDelay.max / 1e6).toFixed(0)} ms`,
);
console.log(
  `second tenant's 2-row import finished ${(smallWaitMs / 1000).toFixed(1)} s after it was created`,
);

await worker.stop();
await app.close();
photoServer.close();
await close();
