// Screening one party against an index and sorting the hits into the spec's tiers
// (spec: aml-check — Screening rules; Tool result shapes — AML result).

import { AppError } from "../../platform/errors.js";
import { type AmlIndex, findCandidates, listMask, SCHEMA_CLASS } from "./candidate-index.js";
import {
  AML_LISTS,
  type AmlEntity,
  type AmlList,
  type AmlMatch,
  type AmlQuery,
  type AmlResult,
  type ScreenOptions,
} from "./entity.js";
import { isIdentifyingName } from "./identifying-name.js";
import { isInformationalHit, listsForTopics } from "./list-mapping.js";
import {
  isSchemaCompatible,
  normalizeIdentifier,
  prepareQuery,
  queryFullName,
  scoreEntity,
} from "./score-entity.js";

export const DEFAULT_THRESHOLD = 0.7; // spec: Limits — AML threshold
export const DEFAULT_CUTOFF = 0.5; // spec: Limits — AML cutoff
export const DEFAULT_LIMIT = 10;
export const ALGORITHM = "logic-v2-js";
export const BUILTIN_PROVIDER = "builtin";
const MAX_CANDIDATES = 500;

/** The tier a scored hit lands in; shared with the yente client so both engines sort alike. */
export type Tier = "matches" | "possible_matches" | "informational_matches" | null;

export interface ResolvedOptions {
  lists: AmlList[];
  threshold: number;
  cutoff: number;
  limit: number;
}

export function resolveOptions(options: ScreenOptions = {}): ResolvedOptions {
  const lists =
    options.lists && options.lists.length > 0
      ? AML_LISTS.filter((list) => options.lists?.includes(list))
      : [...AML_LISTS];
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  return {
    lists,
    threshold,
    cutoff: Math.min(options.cutoff ?? DEFAULT_CUTOFF, threshold),
    limit: options.limit ?? DEFAULT_LIMIT,
  };
}

/** The full name to screen, or AppError("name_required") (spec: a name is the minimum query). */
export function requireName(query: AmlQuery): string {
  const name = queryFullName(query);
  if (!name)
    throw new AppError("name_required", {
      field: "full_name",
      message: "full_name, or first_name and last_name, is required",
    });
  return name;
}

export function toMatch(entity: AmlEntity, score: number, threshold: number, lists: AmlList[]): AmlMatch {
  return {
    entity_id: entity.id,
    name: entity.caption,
    schema: entity.schema,
    score: Math.round(score * 10000) / 10000,
    match: score >= threshold,
    lists,
    topics: [...entity.topics],
    datasets: [...entity.datasets],
    birth_date: entity.birthDates[0] ?? null,
    countries: [...new Set([...entity.countries, ...entity.nationalities])],
    aliases: [...entity.aliases],
    nationalities: [...entity.nationalities],
    positions: [...entity.positions],
    gender: entity.gender[0] ?? null,
    addresses: [...entity.addresses],
    id_numbers: [...entity.idNumbers],
    url: entity.url ?? null,
  };
}

/**
 * Places one scored hit. Informational: the only relevant list is poi and every dataset is
 * informational (notices are only given for confirmed-strength matches). Corroboration: a query with a
 * date of birth against an entity without one demotes a PEP or adverse-media confirmed match to
 * possible, flagged `uncorroborated`; sanctions are exempt. A query name too short to identify anyone
 * (identifying-name.ts) never confirms: its hits are demoted the same way, sanctions included.
 */
export function placeHit(
  match: AmlMatch,
  entity: AmlEntity,
  hasBirthDate: boolean,
  options: ResolvedOptions,
  nameIdentifies = true,
): Tier {
  if (match.lists.length === 0 || match.score < options.cutoff) return null;
  if (isInformationalHit(match.lists, entity.datasets)) return match.match ? "informational_matches" : null;
  if (!match.match) return "possible_matches";
  if (!nameIdentifies) {
    match.match = false;
    match.uncorroborated = true;
    return "possible_matches";
  }
  const demotable =
    !match.lists.includes("sanctions") &&
    (match.lists.includes("pep") || match.lists.includes("adverse_media"));
  if (hasBirthDate && entity.birthDates.length === 0 && demotable) {
    match.match = false;
    match.uncorroborated = true;
    return "possible_matches";
  }
  return "matches";
}

/** Builds the spec's AML result from tiered hits. */
export function assembleResult(
  tiers: Record<Exclude<Tier, null>, AmlMatch[]>,
  options: ResolvedOptions,
  meta: { provider: string; dataset: string; algorithm: string; listsChecked?: AmlList[] },
): AmlResult {
  const byScore = (a: AmlMatch, b: AmlMatch) => b.score - a.score;
  const matches = tiers.matches.sort(byScore).slice(0, options.limit);
  const possible = tiers.possible_matches.sort(byScore).slice(0, options.limit);
  const informational = tiers.informational_matches.sort(byScore).slice(0, options.limit);
  const risk_level =
    matches.length > 0 ? "high" : possible.length > 0 ? "medium" : informational.length > 0 ? "low" : "clear";
  return {
    risk_level,
    matches,
    possible_matches: possible,
    informational_matches: informational,
    lists_checked: meta.listsChecked ?? options.lists,
    provider: meta.provider,
    dataset: meta.dataset,
    algorithm: meta.algorithm,
    threshold: options.threshold,
  };
}

/** Whether the entity carries one of the query's (normalized) document numbers. */
export function sharesIdNumber(queryIds: string[], entity: AmlEntity): boolean {
  if (queryIds.length === 0) return false;
  const ids = new Set(entity.idNumbers.map(normalizeIdentifier));
  return queryIds.some((id) => ids.has(id));
}

/** Screens one party against the index (pure, synchronous). */
export function screen(index: AmlIndex, query: AmlQuery, options: ScreenOptions = {}): AmlResult {
  const resolved = resolveOptions(options);
  const fullName = requireName(query);
  const prepared = prepareQuery(query, fullName);
  const nameIdentifies = isIdentifyingName(fullName, prepared.schema === "Organization");
  const enabledMask = listMask(resolved.lists);
  const schemaMask =
    prepared.schema === "Person"
      ? SCHEMA_CLASS.person
      : prepared.schema === "Organization"
        ? SCHEMA_CLASS.organization
        : 0xff;
  const candidateLimit = Math.min(MAX_CANDIDATES, Math.max(20, resolved.limit * 10));
  const positions = findCandidates(
    index,
    {
      names: [fullName],
      isOrganization: prepared.schema === "Organization",
      idNumbers: prepared.idNumbers,
      birthDate: prepared.birthDate,
      listMask: enabledMask,
      schemaMask,
    },
    candidateLimit,
  );
  const tiers: Record<Exclude<Tier, null>, AmlMatch[]> = {
    matches: [],
    possible_matches: [],
    informational_matches: [],
  };
  for (const position of positions) {
    const entity = index.entities[position];
    if (!entity || !isSchemaCompatible(prepared.schema, entity.schema)) continue;
    // spec: candidates on no enabled list never flag.
    const lists = listsForTopics(entity.topics).filter((list) => resolved.lists.includes(list));
    if (lists.length === 0) continue;
    const score = scoreEntity(prepared, entity);
    if (score < resolved.cutoff) continue;
    const match = toMatch(entity, score, resolved.threshold, lists);
    // A shared document number identifies on its own, whatever the name.
    const identified = nameIdentifies || sharesIdNumber(prepared.idNumbers, entity);
    const tier = placeHit(match, entity, prepared.birthDate !== null, resolved, identified);
    if (tier) tiers[tier].push(match);
  }
  // Honest coverage: a list no loaded entity is on was not checked, whatever the caller asked for.
  const listsChecked = AML_LISTS.filter(
    (list, bit) => resolved.lists.includes(list) && (index.loadedListMask & (1 << bit)) !== 0,
  );
  const result = assembleResult(tiers, resolved, {
    provider: BUILTIN_PROVIDER,
    dataset: index.datasets.join(",") || "empty",
    algorithm: ALGORITHM,
    listsChecked,
  });
  const notLoaded = resolved.lists.filter((list) => !listsChecked.includes(list));
  const stale = (options.listAsOf ?? []).filter(
    (list) => list.age_hours > (options.maxListAgeHours ?? Infinity),
  );
  return {
    ...result,
    lists_not_loaded: notLoaded,
    stale_lists: stale,
    warnings: [
      ...(notLoaded.length > 0 ? ["aml_lists_not_loaded"] : []),
      ...(stale.length > 0 ? ["aml_lists_stale"] : []),
    ],
  };
}
