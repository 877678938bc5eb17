// Loads the real lists once per test file (read from shared/data beside the repo, never copied in).
import { readFileSync } from "node:fs";
import type { AmlEntity } from "../../../src/engines/aml/entity.js";
import { loadOfacSdnCsv } from "../../../src/engines/aml/load-ofac.js";
import { loadUnConsolidatedXml } from "../../../src/engines/aml/load-un.js";

const DATA = new URL("../../../../shared/data/aml/", import.meta.url);

export function readListFile(name: string): string {
  return readFileSync(new URL(name, DATA), "utf8");
}

let un: AmlEntity[] | null = null;
let ofac: AmlEntity[] | null = null;

export function unEntities(): AmlEntity[] {
  un ??= loadUnConsolidatedXml(readListFile("un-consolidated-2020-11-30.xml"));
  return un;
}

export function ofacEntities(): AmlEntity[] {
  ofac ??= loadOfacSdnCsv(readListFile("ofac-sdn-2024-05-03.csv"));
  return ofac;
}

export function entityById(entities: readonly AmlEntity[], id: string): AmlEntity {
  const entity = entities.find((candidate) => candidate.id === id);
  if (!entity) throw new Error(`no entity ${id}`);
  return entity;
}
