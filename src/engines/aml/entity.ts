// The screening data model: a FollowTheMoney-like entity, the query, and the spec's result shapes
// (spec: Tool result shapes — AML match object, AML result).

/**
 * One listed party, as the loaders produce it and the index holds it. All multi-valued like FtM, and
 * read-only: entities are shared by the index and every result built from it.
 */
export interface AmlEntity {
  id: string;
  /** FtM schema: Person, Organization, Company, LegalEntity, Vessel, Airplane, PublicBody. */
  schema: string;
  caption: string;
  names: readonly string[];
  aliases: readonly string[];
  /** Low-quality aliases ("Abu Ahmed"): only an exact match counts, never a fuzzy one. */
  weakAliases: readonly string[];
  firstNames: readonly string[];
  lastNames: readonly string[];
  /** ISO dates, possibly partial: YYYY, YYYY-MM or YYYY-MM-DD. */
  birthDates: readonly string[];
  /** ISO-3166 alpha-2, lower case. */
  nationalities: readonly string[];
  countries: readonly string[];
  gender: readonly string[];
  idNumbers: readonly string[];
  positions: readonly string[];
  addresses: readonly string[];
  topics: readonly string[];
  datasets: readonly string[];
  source: string;
  firstSeen: string | null;
  lastSeen: string | null;
  url?: string;
}

/** A delta line: `{op, entity}` (spec: FtM delta files). A DEL may carry only the id. */
export interface AmlEntityOp {
  op: "ADD" | "MOD" | "DEL";
  entity: AmlEntity;
}

export const AML_LISTS = ["sanctions", "pep", "adverse_media", "poi"] as const;
export type AmlList = (typeof AML_LISTS)[number];

/** What a caller knows about the person (or company) being screened. */
export interface AmlQuery {
  name?: string;
  firstName?: string;
  middleName?: string;
  lastName?: string;
  /** YYYY, YYYY-MM or YYYY-MM-DD. */
  birthDate?: string;
  /** ISO-2. */
  nationality?: string;
  /** ISO-2. */
  country?: string;
  documentNumber?: string;
  email?: string;
  phone?: string;
  gender?: string;
  /** Which kind of party is screened; KYC screens people, so the default is Person. */
  schema?: "Person" | "Organization" | "LegalEntity";
}

export interface ScreenOptions {
  lists?: readonly AmlList[];
  /** spec: Limits — AML threshold 0.7. */
  threshold?: number;
  /** spec: Limits — AML cutoff 0.5. */
  cutoff?: number;
  /** How many results per tier to return at most (candidates scored: max(20, limit × 10) ≤ 500). */
  limit?: number;
  /** The stored lists' ages (set by the engine, not by callers) and the limit above which one is stale. */
  listAsOf?: readonly StaleList[];
  maxListAgeHours?: number;
}

/** spec: Tool result shapes — AML match object. */
export interface AmlMatch {
  entity_id: string;
  name: string;
  schema: string;
  score: number;
  match: boolean;
  lists: AmlList[];
  topics: string[];
  datasets: string[];
  birth_date: string | null;
  countries: string[];
  aliases: string[];
  nationalities: string[];
  positions: string[];
  gender: string | null;
  addresses: string[];
  id_numbers: string[];
  url: string | null;
  uncorroborated?: true;
}

export type AmlRiskLevel = "high" | "medium" | "low" | "clear";

/** spec: Tool result shapes — AML result. */
export interface AmlResult {
  risk_level: AmlRiskLevel;
  matches: AmlMatch[];
  possible_matches: AmlMatch[];
  informational_matches: AmlMatch[];
  lists_checked: AmlList[];
  provider: string;
  dataset: string;
  algorithm: string;
  threshold: number;
  /** Requested lists that no loaded data covers: they were not checked (additive, issue 14). */
  lists_not_loaded?: AmlList[];
  /** Stored lists older than the configured limit (AML_MAX_LIST_AGE_HOURS). */
  stale_lists?: StaleList[];
  /** `aml_lists_not_loaded`, `aml_lists_stale` when the above are not empty. */
  warnings?: string[];
}

export interface StaleList {
  source: string;
  as_of: string;
  age_hours: number;
}

// One frozen empty list shared by every entity that lacks a property: a million entities would otherwise
// carry a dozen empty arrays each (hundreds of MB).
const NONE: readonly string[] = Object.freeze([]);

/** Builds an entity with every list property present, so loaders only fill what they know. */
export function createEntity(fields: Partial<AmlEntity> & Pick<AmlEntity, "id" | "schema">): AmlEntity {
  return {
    caption: fields.caption ?? fields.names?.[0] ?? fields.id,
    names: NONE,
    aliases: NONE,
    weakAliases: NONE,
    firstNames: NONE,
    lastNames: NONE,
    birthDates: NONE,
    nationalities: NONE,
    countries: NONE,
    gender: NONE,
    idNumbers: NONE,
    positions: NONE,
    addresses: NONE,
    topics: NONE,
    datasets: NONE,
    source: fields.datasets?.[0] ?? "",
    firstSeen: null,
    lastSeen: null,
    ...fields,
  };
}
