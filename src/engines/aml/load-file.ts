// One entry point for `kyc aml load FILE…`: recognises the list format from the file's content.
import type { AmlEntity, AmlEntityOp } from "./entity.js";
import { loadEuFsfXml } from "./load-eu.js";
import { isFtmDelta, loadFtmDelta, loadFtmEntities } from "./load-ftm.js";
import { loadOfacSdnCsv } from "./load-ofac.js";
import { loadUkSanctionsXml } from "./load-uk.js";
import { loadUnConsolidatedXml } from "./load-un.js";

export type AmlListFormat =
  | "ofac_sdn_csv"
  | "un_consolidated_xml"
  | "eu_fsf_xml"
  | "uk_sanctions_xml"
  | "ftm_entities"
  | "ftm_delta"
  /** The dated snapshot shipped in lists/ (list-snapshot.ts). */
  | "aml_snapshot";

export type ParsedAmlFile =
  | { format: Exclude<AmlListFormat, "ftm_delta">; entities: AmlEntity[] }
  | { format: "ftm_delta"; ops: AmlEntityOp[] };

export function detectListFormat(text: string): AmlListFormat | null {
  const head = text.slice(0, 2000).trimStart();
  if (head.startsWith("<")) {
    if (head.includes("CONSOLIDATED_LIST")) return "un_consolidated_xml";
    if (head.includes("<Designations")) return "uk_sanctions_xml";
    if (/<export[\s>]/.test(head) && head.includes("sanctionEntity")) return "eu_fsf_xml";
    return null;
  }
  if (head.startsWith("{")) return isFtmDelta(text) ? "ftm_delta" : "ftm_entities";
  if (/^\d+,"/.test(head)) return "ofac_sdn_csv";
  return null;
}

/** Parses a list file of any supported format; throws when the format is not recognised. */
export function parseAmlFile(text: string, options: { source?: string } = {}): ParsedAmlFile {
  const format = detectListFormat(text);
  switch (format) {
    case "ofac_sdn_csv":
      return { format, entities: loadOfacSdnCsv(text) };
    case "un_consolidated_xml":
      return { format, entities: loadUnConsolidatedXml(text) };
    case "eu_fsf_xml":
      return { format, entities: loadEuFsfXml(text) };
    case "uk_sanctions_xml":
      return { format, entities: loadUkSanctionsXml(text) };
    case "ftm_entities":
      return { format, entities: loadFtmEntities(text, options.source) };
    case "ftm_delta":
      return { format, ops: loadFtmDelta(text, options.source) };
    default:
      throw new Error(
        "unrecognised list format (expected OFAC SDN CSV, UN consolidated XML, EU FSF XML, UK Sanctions List XML or FtM JSON lines)",
      );
  }
}
