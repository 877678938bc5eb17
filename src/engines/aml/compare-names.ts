// Name similarity in the manner of yente's logic-v2 `name_match` (research/aml.md): literal equality,
// then parts paired by initials, weighted edit distance or sound, leftovers aligned as one string,
// unmatched parts penalised (0.8 for an extra query part, 0.2 for an extra candidate part).
import { compareSkeletons, SKELETON_EQUAL } from "./consonant-skeleton.js";
import { allowedCost, editCost } from "./edit-cost.js";
import { areTwoNames } from "./name-forms.js";
import { type NameTokens, PATRONYMIC_WEIGHT, tokenizeName } from "./name-tokens.js";
import { phoneticKey } from "./phonetic-key.js";
import { spellingKey } from "./spelling-key.js";

const INITIAL = 0.9;
const PHONETIC = 0.75;
/** A match only after the spelling conventions are evened out counts a little less than a plain one. */
const SPELLING = 0.95;
const EXTRA_QUERY_PART = 0.8;
const EXTRA_CANDIDATE_PART = 0.2;
const MIDDLE_PART = 0.3;
const OUTSIDE_PART = 0.4;
const MISSING_FAMILY_PART = 0.4;
/** Added, per unit of weight, for a name part on each side that matched nothing on the other. */
const CONFLICT = 1;
const CONFLICT_MIN_WEIGHT = 0.5;
/** Below this score (the screening's default cutoff) a name is no match either way: no conflict is sought. */
const CONFLICT_FLOOR = 0.5;

function describe(explain: string[] | undefined, line: () => string): void {
  if (explain) explain.push(line());
}

/** Similarity of two name parts, 0..1: equal, initial, within the edit budget, or alike in sound. */
export function comparePart(a: string, b: string, options: { indic?: boolean } = {}): number {
  if (a === b) return 1;
  if (a.length === 1 || b.length === 1) {
    return (a.length === 1 ? b : a).startsWith(a.length === 1 ? a : b) ? INITIAL : 0;
  }
  const isNumber = /\d/.test(a) || /\d/.test(b);
  if (isNumber) return 0;
  const length = Math.max(a.length, b.length);
  const allowed = allowedCost(length);
  let similarity = 0;
  if (Math.abs(a.length - b.length) <= allowed + 1) {
    const cost = editCost(a, b, allowed);
    if (cost <= allowed) similarity = 1 - cost / length;
  }
  if (similarity < 0.9 && Math.min(a.length, b.length) >= 4) {
    const x = spellingKey(a);
    const y = spellingKey(b);
    const keyLength = Math.max(x.length, y.length);
    const keyAllowed = allowedCost(keyLength);
    if (Math.abs(x.length - y.length) <= keyAllowed + 1) {
      const cost = editCost(x, y, keyAllowed);
      if (cost <= keyAllowed) similarity = Math.max(similarity, SPELLING * (1 - cost / keyLength));
    }
  }
  if (similarity < PHONETIC && Math.min(a.length, b.length) >= 3) {
    // research/aml.md (logic-v1): a sound match must also be plausible by edit distance,
    // min(4, ceil(0.2 · shorter length)) edits — "jane" and "john" sound alike but are not one name.
    const key = phoneticKey(a);
    const plausible = Math.min(4, Math.ceil(0.2 * Math.min(a.length, b.length)));
    if (key.length >= 2 && key === phoneticKey(b) && editCost(a, b, plausible) <= plausible)
      similarity = PHONETIC;
  }
  // Alike in letters, yet two names (checked last: most pairs of parts are not alike at all).
  if (similarity > 0 && areTwoNames(a, b, options.indic ?? false)) return 0;
  return similarity;
}

function sortedKey(tokens: readonly string[]): string {
  return [...tokens].sort().join(" ");
}

/** One part, or two or three neighbouring parts written as one ("abu bakar" / "abubakar"). */
interface Unit {
  text: string;
  first: number;
  last: number;
  weight: number;
}

const MAX_COMPOUND = 3;
/** A compound pairs only when it is nearly the same word: joining parts is a strong claim. */
const COMPOUND_MIN = 0.8;

function unitsOf(name: NameTokens): Unit[] {
  const units: Unit[] = name.tokens.map((text, i) => ({
    text,
    first: i,
    last: i,
    weight: name.weights[i] ?? 1,
  }));
  for (let span = 2; span <= MAX_COMPOUND; span++) {
    for (let first = 0; first + span <= name.tokens.length; first++) {
      const last = first + span - 1;
      // A compound counts as one part: its pieces were one word on the other side.
      let weight = 0;
      for (let i = first; i <= last; i++) weight = Math.max(weight, name.weights[i] ?? 1);
      units.push({ text: name.tokens.slice(first, last + 1).join(""), first, last, weight });
    }
  }
  return units;
}

/**
 * Whether an unmatched part lies between the first and last matched parts of its name, when at least two
 * parts were matched.
 */
function insideMatched(used: Uint8Array): ((index: number) => boolean) | undefined {
  const first = used.indexOf(1);
  const last = used.lastIndexOf(1);
  if (first < 0 || last - first < 2) return undefined;
  return (index) => index > first && index < last;
}

/** At least two matched name parts (particles aside), in the same order on both sides. */
function isOrderedSubset(matched: readonly { q: number; c: number; weight: number }[]): boolean {
  const names = matched.filter((pair) => pair.weight >= 1).sort((x, y) => x.q - y.q);
  if (names.length < 2) return false;
  return names.every((pair, i) => i === 0 || pair.c > (names[i - 1]?.c ?? 0));
}

/** The summed weight of unmatched parts that are names (a patronymic as a whole name, particles not). */
function leftWeight(left: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  for (const i of left) {
    const weight = weights[i] ?? 1;
    // A patronymic weighs less when one spelling leaves it out, but two that differ name two fathers.
    if (weight >= CONFLICT_MIN_WEIGHT) sum += Math.max(weight, 1);
  }
  return sum;
}

const isPatronymic = (weight: number | undefined) => weight === PATRONYMIC_WEIGHT;

/**
 * Whether a part left on each side stands in the same place: after as many matched parts ("Kevin" and
 * "Devin" before "Cramer"). A candidate's middle name where the query has a further family name at its end
 * is no conflict.
 */
function sharesSlot(
  matched: readonly { q: number; c: number }[],
  queryLeft: readonly number[],
  candidateLeft: readonly number[],
): boolean {
  const querySlots = new Set(queryLeft.map((i) => matched.filter((pair) => pair.q < i).length));
  return candidateLeft.some((j) => querySlots.has(matched.filter((pair) => pair.c < j).length));
}

/** Leftovers this far apart in letters (weighted edits per letter of the longer) are another name. */
const CONFLICT_DISTANCE = 0.5;

/**
 * As many parts left on each side, and two in the same place are forms the part comparison tells apart
 * (another gender, another first letter) or two patronymics ("-ovich" alike; what differs is the father).
 */
function judgedApart(
  query: NameTokens,
  queryLeft: readonly number[],
  candidate: NameTokens,
  candidateLeft: readonly number[],
  indic: boolean,
): boolean {
  if (queryLeft.length === 0 || queryLeft.length !== candidateLeft.length) return false;
  return queryLeft.some((i, k) => {
    const j = candidateLeft[k] ?? 0;
    const a = query.tokens[i] ?? "";
    const b = candidate.tokens[j] ?? "";
    return areTwoNames(a, b, indic) || (isPatronymic(query.weights[i]) && isPatronymic(candidate.weights[j]));
  });
}

function isConflict(
  query: NameTokens,
  queryLeft: readonly number[],
  candidate: NameTokens,
  candidateLeft: readonly number[],
): boolean {
  if (queryLeft.length === 0 || candidateLeft.length === 0) return false;
  const a = queryLeft.map((i) => query.tokens[i]).join("");
  const b = candidateLeft.map((j) => candidate.tokens[j]).join("");
  const length = Math.max(a.length, b.length);
  return editCost(a, b, CONFLICT_DISTANCE * length) > CONFLICT_DISTANCE * length;
}

function isFree(used: Uint8Array, unit: Unit): boolean {
  for (let i = unit.first; i <= unit.last; i++) if (used[i]) return false;
  return true;
}

/**
 * Pairs parts greedily, best pair first (a single part before a compound on equal terms), then aligns
 * what is left on both sides as one string.
 */
function alignParts(query: NameTokens, candidate: NameTokens, explain?: string[]): number {
  const n = query.tokens.length;
  const m = candidate.tokens.length;
  // Exactly one side in an abjad: its parts are consonant skeletons (consonant-skeleton.ts).
  const skeletal = Boolean(query.abjad) !== Boolean(candidate.abjad);
  const indic = Boolean(query.indic || candidate.indic);
  const similarityOf = (a: string, b: string): number => {
    let value = comparePart(a, b, { indic });
    if (skeletal && value < SKELETON_EQUAL) {
      value = Math.max(value, query.abjad ? compareSkeletons(a, b) : compareSkeletons(b, a));
    }
    return value;
  };
  const queryUnits = unitsOf(query);
  const candidateUnits = unitsOf(candidate);
  const pairs: { q: Unit; c: Unit; value: number }[] = [];
  for (const q of queryUnits) {
    for (const c of candidateUnits) {
      const compound = q.first !== q.last || c.first !== c.last;
      if (compound) {
        // A compound meets a single part only (two compounds are the same parts split alike), and only
        // one of about its length and first letter: it must be nearly the same word.
        if (q.first !== q.last && c.first !== c.last) continue;
        if (q.text[0] !== c.text[0] || Math.abs(q.text.length - c.text.length) > 2) continue;
      }
      const value = similarityOf(q.text, c.text);
      if (value > 0 && (!compound || value >= COMPOUND_MIN)) pairs.push({ q, c, value });
    }
  }
  const queryUsed = new Uint8Array(n);
  const candidateUsed = new Uint8Array(m);
  let numerator = 0;
  let denominator = 0;
  const matched: { q: number; c: number; weight: number }[] = [];
  for (;;) {
    let best: (typeof pairs)[number] | undefined;
    for (const entry of pairs) {
      if (best && entry.value <= best.value) continue;
      if (isFree(queryUsed, entry.q) && isFree(candidateUsed, entry.c)) best = entry;
    }
    if (!best) break;
    const { q, c, value } = best;
    queryUsed.fill(1, q.first, q.last + 1);
    candidateUsed.fill(1, c.first, c.last + 1);
    const weight = Math.max(q.weight, c.weight);
    numerator += value * weight;
    denominator += weight;
    matched.push({ q: q.first, c: c.first, weight });
    describe(explain, () => `part "${q.text}" ~ "${c.text}": ${value.toFixed(2)} × weight ${weight}`);
  }
  const queryLeft: number[] = [];
  const candidateLeft: number[] = [];
  for (let i = 0; i < n; i++) if (!queryUsed[i]) queryLeft.push(i);
  for (let j = 0; j < m; j++) if (!candidateUsed[j]) candidateLeft.push(j);
  // One part left on each side was already compared as a part, and judged different.
  const apart = judgedApart(query, queryLeft, candidate, candidateLeft, indic);
  if (
    !apart &&
    queryLeft.length > 0 &&
    candidateLeft.length > 0 &&
    queryLeft.length + candidateLeft.length > 2
  ) {
    // A moved or dropped token boundary ("Arefullaha Ref" / "Arefullah Aref") leaves parts that only
    // match when joined.
    const a = queryLeft.map((i) => query.tokens[i]).join("");
    const b = candidateLeft.map((j) => candidate.tokens[j]).join("");
    const length = Math.max(a.length, b.length);
    const boundaries = Math.abs(queryLeft.length - candidateLeft.length) * 0.2;
    const cost = editCost(a, b, allowedCost(length)) + boundaries;
    const bySkeleton = skeletal ? (query.abjad ? compareSkeletons(a, b) : compareSkeletons(b, a)) : 0;
    if (cost <= allowedCost(length) || bySkeleton > 0) {
      const joined = Math.max(cost <= allowedCost(length) ? 1 - cost / length : 0, bySkeleton);
      const weight = Math.max(
        queryLeft.reduce((sum, i) => sum + (query.weights[i] ?? 1), 0),
        candidateLeft.reduce((sum, j) => sum + (candidate.weights[j] ?? 1), 0),
      );
      numerator += joined * weight;
      denominator += weight;
      describe(explain, () => `joined "${a}" ~ "${b}": ${joined.toFixed(2)} × weight ${weight.toFixed(1)}`);
      queryLeft.length = 0;
      candidateLeft.length = 0;
    }
  }
  // A part missing between two matched parts is a middle name, a patronymic or a father's name, which one
  // spelling of a name carries and another leaves out; it costs less than a part missing at either end.
  // Only the candidate's names count here: an honorific or particle it adds ("Mullah Gul Agha") is no
  // name the query lacks.
  // Han, Hangul and Kana parts are syllables: two of a three-syllable name are not a name cut short.
  const candidateComplete =
    !query.syllabic && !candidate.syllabic && candidateLeft.every((j) => (candidate.weights[j] ?? 1) < 1);
  const queryInside = candidateComplete ? insideMatched(queryUsed) : undefined;
  // The candidate is the query's name cut short ("Abdul Ghani Baradar" of "Abdul Ghani Baradar Abdul Ahmad
  // Turk", "Rivera, Javier" of "Javier Eriberto Rivera Maradiaga"): every candidate part matched, in the
  // query's order, two of them real names. The query's parts before or after then weigh less too.
  const contained = candidateComplete && isOrderedSubset(matched);
  for (const i of queryLeft) {
    const extra = queryInside?.(i) ? MIDDLE_PART : contained ? OUTSIDE_PART : EXTRA_QUERY_PART;
    denominator += extra * (query.weights[i] ?? 1);
    describe(explain, () => `query part "${query.tokens[i]}" unmatched (weight ${extra})`);
  }
  // A candidate whose known family name ("AL-DAJANI, Leila N.S.") the query lacks altogether is likely
  // another family: its family parts weigh 0.4, not the 0.2 of an extra given name (0.4 clears the
  // negatives bench's false hits of this kind and leaves the tuning pairs as they were; 0.8 also cost
  // given-name-only queries such as "Mohammed Ali" against "AL-HOUTHI, Mohammed Ali").
  const familyMissing =
    candidate.family !== undefined && !candidate.family.some((isFamily, j) => isFamily && candidateUsed[j]);
  for (const j of candidateLeft) {
    const extra = familyMissing && candidate.family?.[j] ? MISSING_FAMILY_PART : EXTRA_CANDIDATE_PART;
    denominator += extra * (candidate.weights[j] ?? 1);
    describe(explain, () => `candidate part "${candidate.tokens[j]}" unmatched (weight ${extra})`);
  }
  // Parts left on both sides are two different names in one place ("Kevin Cramer" / "Devin Cramer",
  // "Yuriy Mikhailovich Zaitsev" / "Yuriy Nikolayevich Zaitsev"): a conflict, which costs more than a part
  // one spelling simply leaves out. Particles and honorifics aside.
  // Leftovers still alike in most letters ("Irhayyim" / "Rahim") are a spelling too far apart to pair, not
  // two names, unless they are two forms the part comparison tells apart (gender, another first letter).
  // Checked last, and only for a name that still scores as a possible match: a conflict only lowers the
  // score, and the edit distance it takes is the dearest step of a screening.
  const conflict =
    numerator >= CONFLICT_FLOOR * denominator &&
    sharesSlot(matched, queryLeft, candidateLeft) &&
    (apart || isConflict(query, queryLeft, candidate, candidateLeft))
      ? Math.min(leftWeight(queryLeft, query.weights), leftWeight(candidateLeft, candidate.weights))
      : 0;
  if (conflict > 0) {
    denominator += CONFLICT * conflict;
    describe(explain, () => `conflicting parts (weight ${conflict.toFixed(1)} × ${CONFLICT})`);
  }
  return denominator > 0 ? numerator / denominator : 0;
}

const WHOLE_MAX_COST = 1;
const BOUNDARY_COST = 0.2;

/**
 * The whole names as written, without spaces: catches a moved token boundary ("Myongc Hin" /
 * "Myong Chin") when the order is kept. Only for names split differently, and at most one typo,
 * so it never overrides the part-by-part judgement of names split the same way.
 */
function alignWhole(query: NameTokens, candidate: NameTokens): number {
  const sameSplit =
    query.tokens.length === candidate.tokens.length &&
    query.tokens.every((token, i) => token.length === candidate.tokens[i]?.length);
  if (sameSplit) return 0;
  // One part spelt differently, the others equal, and the two spellings judged two names: no boundary
  // moved, and joining the parts must not undo that judgement.
  if (query.tokens.length === candidate.tokens.length) {
    const differing = query.tokens.flatMap((token, i) => {
      const other = candidate.tokens[i] ?? "";
      return token === other ? [] : [[token, other] as const];
    });
    const [pair] = differing;
    const indic = Boolean(query.indic || candidate.indic);
    if (differing.length === 1 && pair && areTwoNames(pair[0], pair[1], indic)) return 0;
  }
  const a = query.tokens.join("");
  const b = candidate.tokens.join("");
  const length = Math.max(a.length, b.length);
  const limit = Math.min(WHOLE_MAX_COST, allowedCost(length));
  if (Math.abs(a.length - b.length) > limit * 2) return 0;
  const cost = editCost(a, b, limit);
  if (cost > limit) return 0;
  const boundaries = Math.max(1, Math.abs(query.tokens.length - candidate.tokens.length));
  return Math.max(0, 1 - (cost + BOUNDARY_COST * boundaries) / length);
}

/** Similarity 0..1 of two prepared names; pushes a line per step into `explain` when given. */
export function scoreNameTokens(query: NameTokens, candidate: NameTokens, explain?: string[]): number {
  if (query.tokens.length === 0 || candidate.tokens.length === 0) return 0;
  if (sortedKey(query.tokens) === sortedKey(candidate.tokens)) {
    describe(explain, () => `literal match "${query.joined}" = "${candidate.joined}"`);
    return 1;
  }
  const parts = alignParts(query, candidate, explain);
  const whole = alignWhole(query, candidate);
  describe(explain, () => `parts ${parts.toFixed(3)}, whole string ${whole.toFixed(3)}`);
  return Math.max(parts, whole);
}

export interface NameComparison {
  score: number;
  explanation: string[];
}

/** Compares two names as the screening does (for `kyc aml compare`). */
export function compareNames(a: string, b: string, options: { schema?: string } = {}): NameComparison {
  const isOrganization = options.schema !== undefined && options.schema !== "Person";
  const explanation: string[] = [];
  const left = tokenizeName(a, { isOrganization });
  const right = tokenizeName(b, { isOrganization });
  explanation.push(`"${a}" → [${left.tokens.join(", ")}]`, `"${b}" → [${right.tokens.join(", ")}]`);
  const score = scoreNameTokens(left, right, explanation);
  explanation.push(`score ${score.toFixed(3)}`);
  return { score: Math.round(score * 1000) / 1000, explanation };
}
