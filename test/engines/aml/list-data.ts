// Loads the real lists once per test file (read from shared/data beside the repo, never copied in).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

/**
 * A PEP list in FtM JSON lines built from the real US Congress members file (topic role.pep), for tests
 * whose workflows require PEP screening: without PEP data such a session goes to review (issue 14).
 */
export function congressPepFtm(count = 100): string {
  const rows = readListFile("positives_us_congress_untreated.csv")
    .trim()
    .split("\n")
    .slice(1, count + 1);
  return rows
    .map((row, i) => {
      const name = row.split(",")[0] ?? "";
      return JSON.stringify({
        id: `us-congress-${i}`,
        caption: name,
        schema: "Person",
        properties: { name: [name], topics: ["role.pep"], country: ["us"] },
        datasets: ["us_congress_test"],
      });
    })
    .join("\n")
    .concat("\n");
}

/**
 * A list file that, with the UN list, covers every list a default workflow requires (sanctions, pep,
 * adverse_media): the Congress PEPs above plus one fictional adverse-media entry. Without it such a
 * workflow sends every session to review with aml_lists_not_loaded (issue 14).
 */
export function coverageListFile(): string {
  const adverseMedia = JSON.stringify({
    id: "fictional-crime-1",
    caption: "Peregrine Osgood Vantablack",
    schema: "Person",
    properties: { name: ["Peregrine Osgood Vantablack"], topics: ["crime.fraud"], birthDate: ["1961-02-03"] },
    datasets: ["test_adverse_media"],
  });
  const file = join(mkdtempSync(join(tmpdir(), "aml-coverage-")), "coverage.ftm.json");
  writeFileSync(file, `${congressPepFtm()}${adverseMedia}\n`);
  return file;
}
