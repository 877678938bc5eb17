// The UK Sanctions List (FCDO) in its XML form: `Designations` holds one `Designation` per listed party
// (UniqueID, IndividualEntityShip = Individual, Entity or Ship), its `Names` (Name1…Name5 given names,
// Name6 the family or whole name; NameType "Primary Name", "Primary Name Variation" or "Alias", and an
// AliasStrength), non-Latin names, and for people DOBs written dd/mm/yyyy with unknown parts left as
// letters ("dd/mm/1950"). Written from the published layout and tested on a file written in that shape
// (test/engines/aml/fixtures/uk-sanctions-list-sample.xml); not yet run against the live file (no network
// here).
import { countryCode } from "./countries.js";
import { type AmlEntity, createEntity } from "./entity.js";
import { childElements, childText, parseXml, type XmlElement } from "./xml-tree.js";

export const UK_DATASET = "gb_fcdo_sanctions";

function unique(list: readonly string[]): string[] {
  return [...new Set(list.map((value) => value.replace(/\s+/g, " ").trim()).filter(Boolean))];
}

/** Every child of `parent/group/item`, e.g. DOBs/DOB. */
function items(parent: XmlElement | undefined, group: string, item: string): XmlElement[] {
  if (!parent) return [];
  return childElements(parent, group).flatMap((element) => childElements(element, item));
}

/** "27/08/1955" → 1955-08-27, "dd/08/1955" → 1955-08, "dd/mm/1950" → 1950. */
function isoDate(text: string): string {
  const match = /^(\w{1,2})\/(\w{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return "";
  const [, day = "", month = "", year = ""] = match;
  if (!/^\d+$/.test(month)) return year;
  const mm = month.padStart(2, "0");
  return /^\d+$/.test(day) ? `${year}-${mm}-${day.padStart(2, "0")}` : `${year}-${mm}`;
}

/**
 * Passport and national identifier numbers of a person (the file writes `Passport` and
 * `NationalIdentifier` rows; `…Detail` rows are read too), a company's registration numbers and a ship's
 * IMO number.
 */
function identifiers(designation: XmlElement, individual: XmlElement | undefined): string[] {
  const rows = (group: string, item: string, field: string) =>
    [item, `${item}Detail`].flatMap((tag) =>
      items(individual, group, tag).map((row) => childText(row, field)),
    );
  const entity = items(designation, "EntityDetails", "Entity")[0];
  const ship = items(designation, "ShipDetails", "Ship")[0];
  return unique([
    ...rows("PassportDetails", "Passport", "PassportNumber"),
    ...rows("NationalIdentifierDetails", "NationalIdentifier", "NationalIdentifierNumber"),
    ...items(entity, "BusinessRegistrationNumbers", "BusinessRegistrationNumber").map((row) => row.text),
    ...items(ship, "IMONumbers", "IMONumber").map((row) => row.text),
  ]);
}

function readDesignation(designation: XmlElement): AmlEntity | null {
  const id = childText(designation, "UniqueID");
  const kind = childText(designation, "IndividualEntityShip").toLowerCase();
  const isPerson = kind === "individual";
  const primary: string[] = [];
  const strong: string[] = [];
  const weak: string[] = [];
  const firstNames: string[] = [];
  const lastNames: string[] = [];
  for (const name of items(designation, "Names", "Name")) {
    const given = ["Name1", "Name2", "Name3", "Name4", "Name5"].map((tag) => childText(name, tag));
    const family = childText(name, "Name6");
    const whole = [...given, family].filter(Boolean).join(" ");
    if (!whole) continue;
    const type = childText(name, "NameType").toLowerCase();
    const strength = childText(name, "AliasStrength").toLowerCase();
    if (type === "primary name") primary.push(whole);
    else if (strength.includes("low") || strength.includes("weak")) weak.push(whole);
    else strong.push(whole);
    if (given[0]) firstNames.push(given[0]);
    if (family && given.some(Boolean)) lastNames.push(family);
  }
  const nonLatin = items(designation, "NonLatinNames", "NonLatinName").map((element) =>
    childText(element, "NameNonLatinScript"),
  );
  const names = unique([...primary, ...strong]);
  if (!id || names.length === 0) return null;
  const individual = items(designation, "IndividualDetails", "Individual")[0];
  const addresses = items(designation, "Addresses", "Address");
  return createEntity({
    id: `uk-${id}`,
    schema: isPerson ? "Person" : kind === "ship" ? "Vessel" : "Organization",
    caption: names[0],
    names: unique([names[0] ?? "", ...nonLatin]),
    aliases: names.slice(1),
    weakAliases: unique(weak).filter((name) => !names.includes(name)),
    firstNames: isPerson ? unique(firstNames) : [],
    lastNames: isPerson ? unique(lastNames) : [],
    birthDates: unique(items(individual, "DOBs", "DOB").map((dob) => isoDate(dob.text))),
    nationalities: unique(
      items(individual, "Nationalities", "Nationality").map((element) => countryCode(element.text) ?? ""),
    ),
    countries: unique(addresses.map((address) => countryCode(childText(address, "AddressCountry")) ?? "")),
    gender: unique(
      items(individual, "Genders", "Gender")
        .map((element) => element.text.trim().toLowerCase())
        .filter((gender) => gender === "male" || gender === "female"),
    ),
    idNumbers: identifiers(designation, individual),
    positions: unique(items(individual, "Positions", "Position").map((element) => element.text)),
    addresses: unique(
      addresses.map((address) =>
        [1, 2, 3, 4, 5, 6]
          .map((n) => childText(address, `AddressLine${n}`))
          .concat(childText(address, "AddressPostalCode"), childText(address, "AddressCountry"))
          .filter(Boolean)
          .join(", "),
      ),
    ),
    topics: ["sanction"],
    datasets: [UK_DATASET],
    source: UK_DATASET,
  });
}

/** Parses the UK Sanctions List XML into entities (topic `sanction`, dataset `gb_fcdo_sanctions`). */
export function loadUkSanctionsXml(text: string): AmlEntity[] {
  const root = parseXml(text);
  if (root.name !== "Designations") throw new Error(`not a UK Sanctions List file: root <${root.name}>`);
  return childElements(root, "Designation")
    .map(readDesignation)
    .filter((entity): entity is AmlEntity => entity !== null);
}
