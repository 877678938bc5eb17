// Person name matching on labelled pairs (issue 14): precision, recall and F1 of compareNames at the 0.7
// threshold on the held-aside half of pairs built from the official lists (bench/support/name-pairs.ts),
// with the tuning half beside it and a breakdown by kind. Baseline in the same run: exact equality of the
// normalised name parts. Reference: the frozen logic-v2 scores on its own held-out pairs
// (P 0.701, R 0.777, F1 0.737) — a different pair set, quoted for scale only. Also: agreement with the
// scores the official OFAC Sanctions List Search gave on 170 pairs (names/ofac_fixtures.csv).
import { readFileSync } from "node:fs";
import { loadOfacSdnCsv } from "../src/engines/aml/load-ofac.js";
import { loadUnConsolidatedXml } from "../src/engines/aml/load-un.js";
import { reportNamePairs } from "./support/name-pair-report.js";

const DATA = new URL("../../shared/data/aml/", import.meta.url);
const read = (name: string) => readFileSync(new URL(name, DATA), "utf8");

reportNamePairs(
  loadUnConsolidatedXml(read("un-consolidated-2020-11-30.xml")),
  loadOfacSdnCsv(read("ofac-sdn-2024-05-03.csv")),
);
