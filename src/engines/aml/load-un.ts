// The UN Security Council consolidated list in its official XML schema: INDIVIDUALS and ENTITIES,
// names in FIRST_NAME…FOURTH_NAME, aliases graded by QUALITY, dates of birth (EXACT, APPROXIMATELY,
// BETWEEN), nationalities, documents and addresses.
import { aliasSpellings } from "./alias-spellings.js";
import { countryCode } from "./countries.js";
import { type AmlEntity, createEntity } from "./entity.js";
import { childElements, childText, parseXml, type XmlElement } from "./xml-tree.js";

export const UN_DATASET = "un_sc_sanctions";
const MAX_RANGE_YEARS = 15;

function values(element: XmlElement, name: string): string[] {
  return childElements(element, name)
    .flatMap((child) => childElements(child, "VALUE"))
    .map((value) => value.text.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

function unique(list: string[]): string[] {
  return [...new Set(list.filter(Boolean))];
}

/** An EXACT date, an APPROXIMATE year or a BETWEEN range of years, as ISO (partial) dates. */
function birthDates(individual: XmlElement): string[] {
  const dates: string[] = [];
  for (const dob of childElements(individual, "INDIVIDUAL_DATE_OF_BIRTH")) {
    const date = childText(dob, "DATE").slice(0, 10);
    const year = childText(dob, "YEAR");
    const from = Number(childText(dob, "FROM_YEAR"));
    const to = Number(childText(dob, "TO_YEAR"));
    if (/^\d{4}-\d{2}-\d{2}$/.test(date)) dates.push(date);
    else if (/^\d{4}$/.test(year)) dates.push(year);
    else if (from > 0 && to >= from && to - from <= MAX_RANGE_YEARS) {
      for (let y = from; y <= to; y++) dates.push(String(y));
    }
  }
  return unique(dates);
}

function aliases(element: XmlElement, tag: string): { strong: string[]; weak: string[] } {
  const strong: string[] = [];
  const weak: string[] = [];
  for (const alias of childElements(element, tag)) {
    const names = aliasSpellings(childText(alias, "ALIAS_NAME"));
    // The UN grades aliases; "Low" ones ("Abu Ahmed") are too common to match on their own.
    (childText(alias, "QUALITY").toLowerCase() === "low" ? weak : strong).push(...names);
  }
  return { strong: unique(strong), weak: unique(weak) };
}

function addresses(element: XmlElement, tag: string): { lines: string[]; countries: string[] } {
  const lines: string[] = [];
  const countries: string[] = [];
  for (const address of childElements(element, tag)) {
    const parts = ["STREET", "CITY", "STATE_PROVINCE", "ZIP_CODE", "COUNTRY"].map((name) =>
      childText(address, name),
    );
    const line = parts.filter(Boolean).join(", ");
    if (line) lines.push(line);
    const code = countryCode(childText(address, "COUNTRY"));
    if (code) countries.push(code);
  }
  return { lines: unique(lines), countries: unique(countries) };
}

function documents(individual: XmlElement): string[] {
  return unique(childElements(individual, "INDIVIDUAL_DOCUMENT").map((doc) => childText(doc, "NUMBER")));
}

function readIndividual(element: XmlElement): AmlEntity {
  const nameParts = ["FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"]
    .map((tag) => childText(element, tag).replace(/\s+/g, " "))
    .filter(Boolean);
  const name = nameParts.join(" ");
  const original = childText(element, "NAME_ORIGINAL_SCRIPT");
  const alias = aliases(element, "INDIVIDUAL_ALIAS");
  const address = addresses(element, "INDIVIDUAL_ADDRESS");
  const gender = childText(element, "GENDER").toLowerCase();
  return createEntity({
    id: `un-${childText(element, "DATAID")}`,
    schema: "Person",
    caption: name,
    names: unique([name, original]),
    aliases: alias.strong,
    weakAliases: alias.weak,
    firstNames: nameParts[0] ? [nameParts[0]] : [],
    birthDates: birthDates(element),
    nationalities: unique(values(element, "NATIONALITY").map((v) => countryCode(v) ?? "")),
    countries: address.countries,
    gender: gender === "male" || gender === "female" ? [gender] : [],
    idNumbers: documents(element),
    positions: values(element, "DESIGNATION"),
    addresses: address.lines,
    topics: ["sanction"],
    datasets: [UN_DATASET],
    source: UN_DATASET,
  });
}

function readEntity(element: XmlElement): AmlEntity {
  const name = childText(element, "FIRST_NAME").replace(/\s+/g, " ");
  const alias = aliases(element, "ENTITY_ALIAS");
  const address = addresses(element, "ENTITY_ADDRESS");
  return createEntity({
    id: `un-${childText(element, "DATAID")}`,
    schema: "Organization",
    caption: name,
    names: unique([name, childText(element, "NAME_ORIGINAL_SCRIPT")]),
    aliases: alias.strong,
    weakAliases: alias.weak,
    countries: address.countries,
    addresses: address.lines,
    topics: ["sanction"],
    datasets: [UN_DATASET],
    source: UN_DATASET,
  });
}

/** Parses the consolidated list XML into entities (topic `sanction`, dataset `un_sc_sanctions`). */
export function loadUnConsolidatedXml(text: string): AmlEntity[] {
  const root = parseXml(text);
  const entities: AmlEntity[] = [];
  for (const group of childElements(root, "INDIVIDUALS")) {
    for (const individual of childElements(group, "INDIVIDUAL")) entities.push(readIndividual(individual));
  }
  for (const group of childElements(root, "ENTITIES")) {
    for (const entity of childElements(group, "ENTITY")) entities.push(readEntity(entity));
  }
  return entities.filter((entity) => entity.names.length > 0 && entity.id !== "un-");
}
