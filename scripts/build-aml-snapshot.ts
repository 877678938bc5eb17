// Builds lists/aml-snapshot.jsonl.gz from the official public-domain list files (US Treasury OFAC SDN CSV,
// UN Security Council consolidated XML): parsed with the engine's own loaders, written in the compact
// snapshot form the server loads on first start (src/engines/aml/list-snapshot.ts).
//
//   node --import tsx scripts/build-aml-snapshot.ts --ofac sdn.csv --ofac-date 2024-05-03 --un consolidated.xml
//
// The UN list carries its own date (dateGenerated); the OFAC CSV does not, so its publication date is given.
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { encodeSnapshot, SNAPSHOT_PATH, type SnapshotList } from "../src/engines/aml/list-snapshot.js";
import { loadOfacSdnCsv, OFAC_DATASET } from "../src/engines/aml/load-ofac.js";
import { loadUnConsolidatedXml, UN_DATASET } from "../src/engines/aml/load-un.js";

const { values } = parseArgs({
  options: {
    ofac: { type: "string" },
    "ofac-date": { type: "string" },
    un: { type: "string" },
    out: { type: "string", default: SNAPSHOT_PATH },
  },
});
if (!values.ofac || !values["ofac-date"] || !values.un) {
  console.error("usage: build-aml-snapshot.ts --ofac SDN.CSV --ofac-date YYYY-MM-DD --un CONSOLIDATED.XML");
  process.exit(2);
}

const ofacText = readFileSync(values.ofac, "utf8");
const unText = readFileSync(values.un, "utf8");
const unDate = /dateGenerated="(\d{4}-\d{2}-\d{2})/.exec(unText.slice(0, 2000))?.[1];
if (!unDate) throw new Error("the UN file has no dateGenerated attribute");

// OFAC repeats an id for an entry's aliases in some layouts: keep the last, as the store does.
const ofac = [...new Map(loadOfacSdnCsv(ofacText).map((entity) => [entity.id, entity])).values()];
const un = [...new Map(loadUnConsolidatedXml(unText).map((entity) => [entity.id, entity])).values()];
const lists: SnapshotList[] = [
  {
    source: OFAC_DATASET,
    list_date: values["ofac-date"],
    file: basename(values.ofac),
    url: "https://www.treasury.gov/ofac/downloads/sdn.csv",
    entities: ofac.length,
  },
  {
    source: UN_DATASET,
    list_date: unDate,
    file: basename(values.un),
    url: "https://scsanctions.un.org/resources/xml/en/consolidated.xml",
    entities: un.length,
  },
];
const gz = encodeSnapshot(
  { format: "kyc-aml-snapshot", version: 1, generated_at: new Date().toISOString(), lists },
  [...ofac, ...un],
);
writeFileSync(values.out, gz);
console.log(JSON.stringify({ out: values.out, bytes: gz.length, lists }, null, 2));
