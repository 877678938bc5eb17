// The EU Financial Sanctions Files (FSF) consolidated list, XML 1.1: `export` holds one `sanctionEntity`
// per listed party, every detail in attributes. Names are `nameAlias` (wholeName, or first/middle/last;
// strong="false" marks a weak alias), `subjectType code` is person or enterprise, dates of birth are full
// (`birthdate`), a year, or a range of years; citizenship and identification carry ISO-2 codes.
// Written from the published schema and tested on a file written in that shape with every attribute the
// export writes (test/engines/aml/fixtures/eu-fsf-1.1-sample.xml); not yet run against the live export (no
// network here).
import { countryCode } from "./countries.js";
import { type AmlEntity, createEntity } from "./entity.js";
import { childElements, parseXml, type XmlElement } from "./xml-tree.js";

export const EU_DATASET = "eu_fsf";
const MAX_RANGE_YEARS = 15;

function unique(list: readonly string[]): string[] {
  return [...new Set(list.map((value) => value.replace(/\s+/g, " ").trim()).filter(Boolean))];
}

const attribute = (element: XmlElement, name: string) => (element.attributes[name] ?? "").trim();

/** ISO-2 from the code attribute ("00" is unknown), else from the country's name. */
function country(element: XmlElement): string {
  const code = attribute(element, "countryIso2Code");
  if (/^[A-Za-z]{2}$/.test(code) && code !== "00") return code.toLowerCase();
  return countryCode(attribute(element, "countryDescription")) ?? "";
}

function wholeName(alias: XmlElement): string {
  const whole = attribute(alias, "wholeName");
  if (whole) return whole;
  return ["firstName", "middleName", "lastName"].map((name) => attribute(alias, name)).join(" ");
}

function birthDates(entity: XmlElement): string[] {
  const dates: string[] = [];
  for (const birth of childElements(entity, "birthdate")) {
    const full = attribute(birth, "birthdate");
    const year = attribute(birth, "year");
    const from = Number(attribute(birth, "yearRangeFrom"));
    const to = Number(attribute(birth, "yearRangeTo"));
    if (/^\d{4}-\d{2}-\d{2}$/.test(full)) dates.push(full);
    else if (/^\d{4}$/.test(year)) {
      const month = Number(attribute(birth, "monthOfYear"));
      dates.push(month >= 1 && month <= 12 ? `${year}-${String(month).padStart(2, "0")}` : year);
    } else if (from > 0 && to >= from && to - from <= MAX_RANGE_YEARS) {
      for (let y = from; y <= to; y++) dates.push(String(y));
    }
  }
  return unique(dates);
}

function addressLine(address: XmlElement): string {
  return ["street", "poBox", "city", "zipCode", "region", "place", "countryDescription"]
    .map((name) => attribute(address, name))
    .filter(Boolean)
    .join(", ");
}

function readEntity(entity: XmlElement): AmlEntity | null {
  const id = attribute(entity, "logicalId");
  const subject = attribute(childElements(entity, "subjectType")[0] ?? entity, "code").toLowerCase();
  const isPerson = subject === "person";
  const strong: string[] = [];
  const weak: string[] = [];
  const firstNames: string[] = [];
  const lastNames: string[] = [];
  const genders: string[] = [];
  const positions: string[] = [];
  for (const alias of childElements(entity, "nameAlias")) {
    const name = wholeName(alias);
    (attribute(alias, "strong") === "false" ? weak : strong).push(name);
    firstNames.push(attribute(alias, "firstName"));
    lastNames.push(attribute(alias, "lastName"));
    positions.push(attribute(alias, "function"));
    const gender = attribute(alias, "gender").toUpperCase();
    if (gender === "M" || gender === "F") genders.push(gender === "M" ? "male" : "female");
  }
  const names = unique(strong);
  if (!id || names.length === 0) return null;
  const addresses = childElements(entity, "address");
  return createEntity({
    id: `eu-${id}`,
    schema: isPerson ? "Person" : "Organization",
    caption: names[0],
    names: names.slice(0, 1),
    aliases: names.slice(1),
    weakAliases: unique(weak).filter((name) => !names.includes(name)),
    firstNames: isPerson ? unique(firstNames) : [],
    lastNames: isPerson ? unique(lastNames) : [],
    birthDates: isPerson ? birthDates(entity) : [],
    nationalities: unique(childElements(entity, "citizenship").map(country)),
    countries: unique(addresses.map(country)),
    gender: unique(genders),
    // A number in another script has its Latin form in latinNumber (sometimes the only one given).
    idNumbers: unique(
      childElements(entity, "identification").flatMap((doc) => [
        attribute(doc, "number"),
        attribute(doc, "latinNumber"),
      ]),
    ),
    positions: unique(positions),
    addresses: unique(addresses.map(addressLine)),
    topics: ["sanction"],
    datasets: [EU_DATASET],
    source: EU_DATASET,
  });
}

/** Parses the FSF consolidated XML into entities (topic `sanction`, dataset `eu_fsf`). */
export function loadEuFsfXml(text: string): AmlEntity[] {
  const root = parseXml(text);
  if (root.name !== "export") throw new Error(`not an FSF export: root element <${root.name}>`);
  return childElements(root, "sanctionEntity")
    .map(readEntity)
    .filter((entity): entity is AmlEntity => entity !== null);
}
