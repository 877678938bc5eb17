// The dated list snapshot shipped in the repo (`lists/aml-snapshot.jsonl.gz`, built by
// scripts/build-aml-snapshot.ts from the official OFAC and UN files): loaded on first start when the
// database holds no list, so a fresh install screens against something without any command.
// Format: gzip of JSON lines; the first line is the header, every other line one entity with only its
// non-empty properties (createEntity fills the rest).
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import { type AmlEntity, createEntity } from "./entity.js";

/** The snapshot in the repo, found from this file both under src/ (tsx) and dist/ (compiled). */
export const SNAPSHOT_PATH = fileURLToPath(new URL("../../../lists/aml-snapshot.jsonl.gz", import.meta.url));

export interface SnapshotList {
  /** The dataset key the entities carry (`us_ofac_sdn`, `un_sc_sanctions`). */
  source: string;
  /** The date the official list was published (YYYY-MM-DD). */
  list_date: string;
  /** The official file it was built from, and where that list is published. */
  file: string;
  url: string;
  entities: number;
}

export interface SnapshotHeader {
  format: "kyc-aml-snapshot";
  version: 1;
  generated_at: string;
  lists: SnapshotList[];
}

export interface ListSnapshot {
  header: SnapshotHeader;
  entities: AmlEntity[];
}

function compact(entity: AmlEntity): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entity)) {
    if (value === null || value === undefined || value === "") continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}

export function encodeSnapshot(header: SnapshotHeader, entities: readonly AmlEntity[]): Buffer {
  const lines = [JSON.stringify(header), ...entities.map((entity) => JSON.stringify(compact(entity)))];
  return gzipSync(`${lines.join("\n")}\n`, { level: 9 });
}

export function decodeSnapshot(gzipped: Buffer): ListSnapshot {
  const lines = gunzipSync(gzipped).toString("utf8").split("\n");
  const header = JSON.parse(lines[0] ?? "{}") as SnapshotHeader;
  if (header.format !== "kyc-aml-snapshot" || header.version !== 1) {
    throw new Error("not an AML list snapshot (version 1)");
  }
  const entities: AmlEntity[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (!line) continue;
    const fields = JSON.parse(line) as AmlEntity;
    entities.push(createEntity(fields));
  }
  const expected = header.lists.reduce((sum, list) => sum + list.entities, 0);
  // A truncated file must never be loaded as if it were the whole list.
  if (entities.length !== expected) {
    throw new Error(`snapshot holds ${entities.length} entities, header says ${expected}`);
  }
  return { header, entities };
}

export async function readSnapshot(path = SNAPSHOT_PATH): Promise<ListSnapshot> {
  return decodeSnapshot(await readFile(path));
}
