// Entity score in yente's rule-based form (research/aml.md): S = max(weight × main feature); if S > 0,
// add the qualifiers (mostly penalties) and clamp to [0, 1].
import { scoreNameTokens } from "./compare-names.js";
import { countryCode } from "./countries.js";
import type { AmlEntity, AmlQuery } from "./entity.js";
import { type NameTokens, nameParts, tokenizeName } from "./name-tokens.js";

const NAME_MATCH = 1;
const IDENTIFIER_MATCH = 0.85;
const WEAK_ALIAS_MATCH = 0.8;
const COUNTRY_MISMATCH = -0.2;
const BIRTH_YEAR_DISJOINT = -0.15;
const BIRTH_DAY_DISJOINT = -0.25;
const GENDER_MISMATCH = -0.2;

const PERSON_SCHEMATA = new Set(["Person", "LegalEntity"]);
const ORGANIZATION_SCHEMATA = new Set(["Organization", "Company", "PublicBody", "LegalEntity"]);

/** A query turned into what scoring needs, computed once per screening. */
export interface PreparedQuery {
  schema: "Person" | "Organization" | "LegalEntity";
  names: NameTokens[];
  birthDate: string | null;
  countries: string[];
  idNumbers: string[];
  gender: string | null;
}

export function normalizeIdentifier(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

function normalizeGender(value: string | undefined): string | null {
  const g = value?.trim().toLowerCase();
  if (g === "male" || g === "m") return "male";
  if (g === "female" || g === "f") return "female";
  return null;
}

/** The name written by the caller: a full name, or first (middle) last. */
export function queryFullName(query: AmlQuery): string | null {
  const full = query.name?.trim();
  if (full) return full;
  const first = query.firstName?.trim();
  const last = query.lastName?.trim();
  if (!first || !last) return null;
  return [first, query.middleName?.trim(), last].filter(Boolean).join(" ");
}

export function prepareQuery(query: AmlQuery, fullName: string): PreparedQuery {
  const schema = query.schema ?? "Person";
  const isOrganization = schema === "Organization";
  const familyParts = query.lastName ? new Set(nameParts(query.lastName)) : undefined;
  const countries = [query.nationality, query.country]
    .map((value) => countryCode(value))
    .filter((code): code is string => code !== null);
  const idNumbers = query.documentNumber
    ? [normalizeIdentifier(query.documentNumber)].filter((id) => id.length >= 4)
    : [];
  return {
    schema,
    names: [tokenizeName(fullName, { isOrganization, familyParts })].filter((name) => name.tokens.length > 0),
    birthDate: /^\d{4}(-\d{2}(-\d{2})?)?$/.test(query.birthDate ?? "") ? (query.birthDate ?? null) : null,
    countries: [...new Set(countries)],
    idNumbers,
    gender: normalizeGender(query.gender),
  };
}

/** Whether a query of this schema may match an entity of that one (a person never matches a ship). */
export function isSchemaCompatible(querySchema: PreparedQuery["schema"], entitySchema: string): boolean {
  if (querySchema === "Person") return PERSON_SCHEMATA.has(entitySchema);
  if (querySchema === "Organization") return ORGANIZATION_SCHEMATA.has(entitySchema);
  return true;
}

interface EntityNames {
  strong: NameTokens[];
  weak: NameTokens[];
}

// Candidates recur across queries (common names); preparing their names is the costliest step of scoring.
// Bounded so a million-entity index does not end up holding every entity's tokens twice.
const PREPARED_LIMIT = 100_000;
const preparedNames = new Map<AmlEntity, EntityNames>();

/** The entity's names prepared for comparison (names and aliases; weak aliases apart), memoised. */
export function entityNameTokens(entity: AmlEntity): EntityNames {
  let names = preparedNames.get(entity);
  if (!names) {
    if (preparedNames.size >= PREPARED_LIMIT) preparedNames.clear();
    names = prepareEntityNames(entity);
    preparedNames.set(entity, names);
  }
  return names;
}

function prepareEntityNames(entity: AmlEntity): EntityNames {
  const isOrganization = entity.schema !== "Person";
  const familyParts =
    entity.lastNames.length > 0 ? new Set(entity.lastNames.flatMap((name) => nameParts(name))) : undefined;
  const prepare = (name: string) => tokenizeName(name, { isOrganization, familyParts });
  const seen = new Set<string>();
  const strong: NameTokens[] = [];
  for (const name of [...entity.names, ...entity.aliases]) {
    const tokens = prepare(name);
    if (tokens.tokens.length === 0 || seen.has(tokens.joined)) continue;
    seen.add(tokens.joined);
    strong.push(tokens);
  }
  return { strong, weak: entity.weakAliases.map(prepare).filter((name) => name.tokens.length > 0) };
}

function birthDatePenalty(queryDate: string, entityDates: readonly string[], explain?: string[]): number {
  const dates = entityDates.filter((date) => /^\d{4}/.test(date));
  if (dates.length === 0) return 0;
  // Dates of differing precision agree when one is a prefix of the other ("1965" and "1965-03-01").
  if (dates.some((date) => date.startsWith(queryDate) || queryDate.startsWith(date))) return 0;
  const year = queryDate.slice(0, 4);
  if (dates.some((date) => date.startsWith(year))) {
    explain?.push(`birth day disjoint (${queryDate} vs ${dates.join(", ")}): ${BIRTH_DAY_DISJOINT}`);
    return BIRTH_DAY_DISJOINT;
  }
  // Deviation from logic-v2: lists often record approximate birth years (UN "APPROXIMATELY") and
  // callers mistype by one, so a neighbouring year costs only the year penalty.
  const queryYear = Number(year);
  if (dates.some((date) => Math.abs(Number(date.slice(0, 4)) - queryYear) === 1)) {
    explain?.push(`birth year off by one (${queryDate} vs ${dates.join(", ")}): ${BIRTH_YEAR_DISJOINT}`);
    return BIRTH_YEAR_DISJOINT;
  }
  // research/aml.md: a year mismatch also counts as a day mismatch (−0.40 in all).
  explain?.push(
    `birth year disjoint (${queryDate} vs ${dates.join(", ")}): ${BIRTH_YEAR_DISJOINT + BIRTH_DAY_DISJOINT}`,
  );
  return BIRTH_YEAR_DISJOINT + BIRTH_DAY_DISJOINT;
}

/** Score 0..1 of one entity against a prepared query; `explain` collects the reasoning when given. */
export function scoreEntity(query: PreparedQuery, entity: AmlEntity, explain?: string[]): number {
  const names = entityNameTokens(entity);
  let nameScore = 0;
  for (const queryName of query.names) {
    for (const candidate of names.strong) {
      const score = scoreNameTokens(queryName, candidate);
      if (score > nameScore) nameScore = score;
      if (nameScore === 1) break;
    }
  }
  let weakScore = 0;
  for (const queryName of query.names) {
    for (const weak of names.weak) {
      // spec: research/aml.md — a weak alias only counts when it is the same name.
      if (scoreNameTokens(queryName, weak) === 1) weakScore = WEAK_ALIAS_MATCH;
    }
  }
  let idScore = 0;
  if (query.idNumbers.length > 0) {
    const ids = new Set(entity.idNumbers.map(normalizeIdentifier));
    if (query.idNumbers.some((id) => ids.has(id))) idScore = IDENTIFIER_MATCH;
  }
  const main = Math.max(NAME_MATCH * nameScore, weakScore, idScore);
  explain?.push(`name ${nameScore.toFixed(3)}, weak alias ${weakScore}, identifier ${idScore}`);
  if (main <= 0) return 0;
  let score = main;
  if (query.birthDate) score += birthDatePenalty(query.birthDate, entity.birthDates, explain);
  if (query.countries.length > 0) {
    const entityCountries = new Set([...entity.nationalities, ...entity.countries]);
    if (entityCountries.size > 0 && !query.countries.some((code) => entityCountries.has(code))) {
      explain?.push(
        `country mismatch (${query.countries.join(", ")} vs ${[...entityCountries].join(", ")}): ${COUNTRY_MISMATCH}`,
      );
      score += COUNTRY_MISMATCH;
    }
  }
  if (query.gender) {
    const genders = entity.gender.map((g) => normalizeGender(g)).filter(Boolean);
    if (genders.length > 0 && !genders.includes(query.gender)) {
      explain?.push(`gender mismatch: ${GENDER_MISMATCH}`);
      score += GENDER_MISMATCH;
    }
  }
  return Math.min(1, Math.max(0, score));
}
