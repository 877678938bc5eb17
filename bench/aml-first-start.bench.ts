// AML first start (issue 14): how long a fresh install takes to store the shipped OFAC + UN snapshot and
// build its index, against a later start that only reads the stored lists back and builds the index
// (the baseline). The embedded database lives in a temporary DATA_DIR, closed and reopened between the two.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { closeServices, createServices } from "../src/composition/create-services.js";
import { loadConfig } from "../src/config.js";
import { syncAmlIndex } from "../src/engines/aml/aml-store-sync.js";
import { loadSnapshotIfEmpty } from "../src/engines/aml/load-snapshot.js";

const dataDir = mkdtempSync(join(tmpdir(), "kyc-aml-start-"));
const log = pino({ level: "silent" });

async function start(): Promise<{ snapshotMs: number; indexMs: number; entities: number }> {
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  const services = await createServices(config, { log });
  try {
    const t0 = performance.now();
    const snapshot = await loadSnapshotIfEmpty(services.db, log);
    const t1 = performance.now();
    await syncAmlIndex(services);
    const t2 = performance.now();
    if (!snapshot.loaded && (await services.engines.aml().entityCount()) === 0) throw new Error("no index");
    return { snapshotMs: t1 - t0, indexMs: t2 - t1, entities: await services.engines.aml().entityCount() };
  } finally {
    await closeServices(services);
  }
}

try {
  const first = await start();
  const later = await start();
  const total = (run: typeof first) => run.snapshotMs + run.indexMs;
  console.log(`entities indexed: ${first.entities}`);
  console.log(
    `first start: snapshot stored in ${first.snapshotMs.toFixed(0)} ms + index ${first.indexMs.toFixed(0)} ms = ${total(first).toFixed(0)} ms`,
  );
  console.log(
    `later start (baseline): check ${later.snapshotMs.toFixed(0)} ms + read and index ${later.indexMs.toFixed(0)} ms = ${total(later).toFixed(0)} ms`,
  );
  console.log(`ratio first / later: ${(total(first) / total(later)).toFixed(2)}x`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
