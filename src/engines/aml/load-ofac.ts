// The US Treasury OFAC SDN list in its official CSV layout (no header):
// ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag,
// Vess_owner, Remarks. `-0-` means empty; aliases, dates of birth, nationalities, gender and
// documents are written inside Remarks ("DOB 19 Apr 1947; nationality Egypt; a.k.a. 'X'").
import { countryCode } from "./countries.js";
import { parseCsvRows } from "./csv-rows.js";
import { type AmlEntity, createEntity } from "./entity.js";

export const OFAC_DATASET = "us_ofac_sdn";

const MONTHS: Record<string, string> = {
  jan: "01",
  feb: "02",
  mar: "03",
  apr: "04",
  may: "05",
  jun: "06",
  jul: "07",
  aug: "08",
  sep: "09",
  oct: "10",
  nov: "11",
  dec: "12",
};
const MAX_RANGE_YEARS = 15;

function value(field: string | undefined): string {
  const trimmed = (field ?? "").trim();
  return trimmed === "-0-" ? "" : trimmed;
}

/** "19 Apr 1947" → 1947-04-19, "Apr 1947" → 1947-04, "circa 1947" → 1947, "1960 to 1962" → each year. */
export function parseOfacDate(text: string): string[] {
  const cleaned = text.replace(/^circa\s+/i, "").trim();
  const range = /^(.*?)\s+to\s+(.*)$/i.exec(cleaned);
  if (range) {
    const from = parseOfacDate(range[1] ?? "")[0];
    const to = parseOfacDate(range[2] ?? "")[0];
    if (!from || !to) return [];
    const start = Number(from.slice(0, 4));
    const end = Number(to.slice(0, 4));
    if (end < start || end - start > MAX_RANGE_YEARS) return [from, to];
    return Array.from({ length: end - start + 1 }, (_, i) => String(start + i));
  }
  const full = /^(\d{1,2}) ([A-Za-z]{3}) (\d{4})$/.exec(cleaned);
  if (full) {
    const month = MONTHS[(full[2] ?? "").toLowerCase()];
    return month ? [`${full[3]}-${month}-${(full[1] ?? "").padStart(2, "0")}`] : [];
  }
  const monthYear = /^([A-Za-z]{3}) (\d{4})$/.exec(cleaned);
  if (monthYear) {
    const month = MONTHS[(monthYear[1] ?? "").toLowerCase()];
    return month ? [`${monthYear[2]}-${month}`] : [];
  }
  const year = /^(\d{4})$/.exec(cleaned);
  return year ? [year[1] ?? ""] : [];
}

const SCHEMA_BY_TYPE: Record<string, string> = {
  individual: "Person",
  vessel: "Vessel",
  aircraft: "Airplane",
};
const ID_REMARKS =
  /^(?:alt\. )?(Passport|National ID No\.|Cedula No\.|Identification Number|Tax ID No\.|Registration Number|Vessel Registration Identification|SSN|D\.N\.I\.|NIT #|RFC|C\.U\.R\.P\.|Public Security and Immigration No\.|Residency Number|Driver's License No\.|Personal ID Card|Birth Certificate Number|Citizen's Card Number|Business Registration Number|Unified Social Credit Code \(USCC\)|Company Number|MMSI|Aircraft Manufacturer's Serial Number \(MSN\)|Legal Entity Number) (.+)$/;

interface ParsedRemarks {
  aliases: string[];
  birthDates: string[];
  nationalities: string[];
  gender: string[];
  idNumbers: string[];
}

/** Reads the semicolon-separated facts of a Remarks cell. */
export function parseOfacRemarks(remarks: string): ParsedRemarks {
  const parsed: ParsedRemarks = { aliases: [], birthDates: [], nationalities: [], gender: [], idNumbers: [] };
  for (const match of remarks.matchAll(/\b[afn]\.k\.a\.,? '([^']+)'/g))
    parsed.aliases.push((match[1] ?? "").trim());
  for (const raw of remarks.split(/;\s*/)) {
    const part = raw.trim().replace(/\.$/, "");
    const dob = /^(?:alt\. )?DOB (.+)$/.exec(part);
    if (dob) {
      parsed.birthDates.push(...parseOfacDate(dob[1] ?? ""));
      continue;
    }
    const nationality = /^(?:alt\. )?(?:nationality|citizen) (.+)$/.exec(part);
    if (nationality) {
      const code = countryCode(nationality[1]);
      if (code) parsed.nationalities.push(code);
      continue;
    }
    const gender = /^Gender (Male|Female)$/i.exec(part);
    if (gender) {
      parsed.gender.push((gender[1] ?? "").toLowerCase());
      continue;
    }
    const id = ID_REMARKS.exec(part);
    if (id) {
      // "1084010 (Egypt)", "IMO 7406784": keep the number, drop the issuing country.
      const number = (id[2] ?? "")
        .replace(/\s*\(.*$/, "")
        .replace(/^IMO /, "")
        .split(/ issued | expires /)[0]
        ?.trim();
      if (number) parsed.idNumbers.push(number);
    }
  }
  return parsed;
}

/** "AL-ZOMOR, Abboud Abdul Latif" → { written: "Abboud Abdul Latif AL-ZOMOR", last: "AL-ZOMOR" }. */
function splitPersonName(name: string): { written: string; last: string | null; first: string | null } {
  const comma = name.indexOf(",");
  if (comma < 0) return { written: name, last: null, first: null };
  const last = name.slice(0, comma).trim();
  const first = name.slice(comma + 1).trim();
  return { written: first ? `${first} ${last}` : last, last, first: first || null };
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))];
}

/**
 * Parses the official SDN CSV into entities (topic `sanction`, dataset `us_ofac_sdn`). The consolidated
 * non-SDN list (CONS_PRIM.CSV) has the same layout: pass its dataset and id prefix.
 */
export function loadOfacSdnCsv(
  text: string,
  list: { dataset: string; idPrefix: string } = { dataset: OFAC_DATASET, idPrefix: "ofac-" },
): AmlEntity[] {
  const entities: AmlEntity[] = [];
  for (const row of parseCsvRows(text)) {
    const entNum = value(row[0]);
    const rawName = value(row[1]);
    // The official file ends with a SUB (0x1A) control line.
    if (!/^\d+$/.test(entNum) || !rawName) continue;
    const schema = SCHEMA_BY_TYPE[value(row[2]).toLowerCase()] ?? "Organization";
    const remarks = parseOfacRemarks(value(row[11]));
    const person = schema === "Person" ? splitPersonName(rawName) : null;
    const flag = countryCode(value(row[9]));
    const callSign = value(row[5]);
    entities.push(
      createEntity({
        id: `${list.idPrefix}${entNum}`,
        schema,
        caption: person?.written ?? rawName,
        names: [person?.written ?? rawName],
        aliases: unique(remarks.aliases),
        firstNames: person?.first ? [person.first] : [],
        lastNames: person?.last ? [person.last] : [],
        birthDates: unique(remarks.birthDates),
        nationalities: unique(remarks.nationalities),
        countries: flag ? [flag] : [],
        gender: unique(remarks.gender),
        idNumbers: unique([...remarks.idNumbers, ...(callSign ? [callSign] : [])]),
        positions: value(row[4]) ? [value(row[4])] : [],
        topics: ["sanction"],
        datasets: [list.dataset],
        source: list.dataset,
        url: `https://sanctionssearch.ofac.treas.gov/Details.aspx?id=${entNum}`,
      }),
    );
  }
  return entities;
}
