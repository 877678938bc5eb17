// The registry of list sources `kyc aml sync` knows (issue 14): official URL, format, the dataset key the
// entities get, licence, and whether this release can parse it. OFAC CSV, UN XML and FtM JSON lines were
// checked against real files; the EU and UK parsers follow the published layouts and were tested on
// hand-made files only, so those two are not in the default sync until an operator asks for them.
import type { AmlEntity } from "./entity.js";
import { EU_DATASET, loadEuFsfXml } from "./load-eu.js";
import { loadFtmEntities } from "./load-ftm.js";
import { loadOfacSdnCsv, OFAC_DATASET } from "./load-ofac.js";
import { loadUkSanctionsXml, UK_DATASET } from "./load-uk.js";
import { loadUnConsolidatedXml, UN_DATASET } from "./load-un.js";

export interface ListSource {
  key: string;
  title: string;
  url: string | null;
  format: "ofac_csv" | "un_xml" | "ftm_entities" | "eu_fsf_xml" | "uk_sanctions_xml";
  /** The dataset key (aml_entities.source) the parsed entities carry. */
  dataset: string;
  licence: string;
  parse: (text: string) => AmlEntity[];
  /** A file with fewer entities is refused as truncated or wrong (a real list is far larger). */
  minEntities: number;
  /** In the default `kyc aml sync` and the daily job. */
  byDefault: boolean;
}

export const OFAC_CONS_DATASET = "us_ofac_cons";

const PUBLIC_DOMAIN_US = "US government work, public domain";

export function listSources(options: { ftmUrl?: string } = {}): ListSource[] {
  return [
    {
      key: OFAC_DATASET,
      title: "US Treasury OFAC Specially Designated Nationals (SDN.CSV)",
      url: "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.CSV",
      format: "ofac_csv",
      dataset: OFAC_DATASET,
      licence: PUBLIC_DOMAIN_US,
      parse: (text) => loadOfacSdnCsv(text),
      minEntities: 1000,
      byDefault: true,
    },
    {
      key: OFAC_CONS_DATASET,
      title: "US Treasury OFAC Consolidated non-SDN lists (CONS_PRIM.CSV, same layout as SDN.CSV)",
      url: "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/CONS_PRIM.CSV",
      format: "ofac_csv",
      dataset: OFAC_CONS_DATASET,
      licence: PUBLIC_DOMAIN_US,
      parse: (text) => loadOfacSdnCsv(text, { dataset: OFAC_CONS_DATASET, idPrefix: "ofac-cons-" }),
      minEntities: 50,
      byDefault: true,
    },
    {
      key: UN_DATASET,
      title: "UN Security Council Consolidated List (XML)",
      url: "https://scsanctions.un.org/resources/xml/en/consolidated.xml",
      format: "un_xml",
      dataset: UN_DATASET,
      licence: "United Nations, published for public use",
      parse: (text) => loadUnConsolidatedXml(text),
      minEntities: 500,
      byDefault: true,
    },
    {
      key: EU_DATASET,
      title: "EU Financial Sanctions Files (FSF, consolidated XML 1.1)",
      url: "https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw",
      format: "eu_fsf_xml",
      dataset: EU_DATASET,
      licence: "European Commission, reuse authorised with attribution",
      parse: (text) => loadEuFsfXml(text),
      minEntities: 500,
      byDefault: false,
    },
    {
      key: UK_DATASET,
      title: "UK Sanctions List (FCDO, XML)",
      url: "https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.xml",
      format: "uk_sanctions_xml",
      dataset: UK_DATASET,
      licence: "Open Government Licence v3.0",
      parse: (text) => loadUkSanctionsXml(text),
      minEntities: 500,
      byDefault: false,
    },
    {
      key: "ftm",
      title: "FollowTheMoney entities export (e.g. OpenSanctions), configured by AML_FTM_URL",
      url: options.ftmUrl ?? null,
      format: "ftm_entities",
      dataset: "ftm",
      licence:
        "set by the publisher: OpenSanctions data is CC BY-NC 4.0 — commercial use needs their licence",
      parse: (text) => loadFtmEntities(text),
      minEntities: 1,
      byDefault: options.ftmUrl !== undefined,
    },
  ];
}

/** A registry row without its parser, for `kyc aml sources` and the README. */
export function describeSource(source: ListSource) {
  return {
    key: source.key,
    title: source.title,
    url: source.url,
    format: source.format,
    licence: source.licence,
    parsed: true,
    default: source.byDefault,
  };
}
