// Name similarity in the manner of yente's logic-v2 `name_match` (research/aml.md): literal equality,
// then parts paired by initials, weighted edit distance or sound, leftovers aligned as one string,
// unmatched parts penalised (0.8 for an extra query part, 0.2 for an extra candidate part).
import { compareSkeletons, SKELETON_EQUAL } from "./consonant-skeleton.js";
import { allowedCost, editCost } from "./edit-cost.js";
import { type NameTokens, tokenizeName } from "./name-tokens.js";
import { phoneticKey } from "./phonetic-key.js";

const INITIAL = 0.9;
const PHONETIC = 0.75;
const EXTRA_QUERY_PART = 0.8;
const EXTRA_CANDIDATE_PART = 0.2;

function describe(explain: string[] | undefined, line: () => string): void {
  if (explain) explain.push(line());
}

/** Similarity of two name parts, 0..1: equal, initial, within the edit budget, or alike in sound. */
export function comparePart(a: string, b: string): number {
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
  if (similarity < PHONETIC && Math.min(a.length, b.length) >= 3) {
    // research/aml.md (logic-v1): a sound match must also be plausible by edit distance,
    // min(4, ceil(0.2 · shorter length)) edits — "jane" and "john" sound alike but are not one name.
    const key = phoneticKey(a);
    const plausible = Math.min(4, Math.ceil(0.2 * Math.min(a.length, b.length)));
    if (key.length >= 2 && key === phoneticKey(b) && editCost(a, b, plausible) <= plausible)
      similarity = PHONETIC;
  }
  return similarity;
}

function sortedKey(tokens: readonly string[]): string {
  return [...tokens].sort().join(" ");
}

/** Pairs parts greedily, best pair first, then aligns what is left on both sides as one string. */
function alignParts(query: NameTokens, candidate: NameTokens, explain?: string[]): number {
  const n = query.tokens.length;
  const m = candidate.tokens.length;
  const similarity = new Float64Array(n * m);
  // Exactly one side in Arabic script: its parts are consonant skeletons (consonant-skeleton.ts).
  const skeletal = Boolean(query.abjad) !== Boolean(candidate.abjad);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      const a = query.tokens[i] ?? "";
      const b = candidate.tokens[j] ?? "";
      let value = comparePart(a, b);
      if (skeletal && value < SKELETON_EQUAL) {
        value = Math.max(value, query.abjad ? compareSkeletons(a, b) : compareSkeletons(b, a));
      }
      similarity[i * m + j] = value;
    }
  }
  const queryUsed = new Uint8Array(n);
  const candidateUsed = new Uint8Array(m);
  let numerator = 0;
  let denominator = 0;
  for (;;) {
    let best = 0;
    let bi = -1;
    let bj = -1;
    for (let i = 0; i < n; i++) {
      if (queryUsed[i]) continue;
      for (let j = 0; j < m; j++) {
        const value = similarity[i * m + j] ?? 0;
        if (!candidateUsed[j] && value > best) {
          best = value;
          bi = i;
          bj = j;
        }
      }
    }
    if (bi < 0) break;
    queryUsed[bi] = 1;
    candidateUsed[bj] = 1;
    const weight = Math.max(query.weights[bi] ?? 1, candidate.weights[bj] ?? 1);
    numerator += best * weight;
    denominator += weight;
    describe(
      explain,
      () => `part "${query.tokens[bi]}" ~ "${candidate.tokens[bj]}": ${best.toFixed(2)} × weight ${weight}`,
    );
  }
  const queryLeft: number[] = [];
  const candidateLeft: number[] = [];
  for (let i = 0; i < n; i++) if (!queryUsed[i]) queryLeft.push(i);
  for (let j = 0; j < m; j++) if (!candidateUsed[j]) candidateLeft.push(j);
  if (queryLeft.length > 0 && candidateLeft.length > 0) {
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
  for (const i of queryLeft) {
    denominator += EXTRA_QUERY_PART * (query.weights[i] ?? 1);
    describe(explain, () => `query part "${query.tokens[i]}" unmatched (weight ${EXTRA_QUERY_PART})`);
  }
  for (const j of candidateLeft) {
    denominator += EXTRA_CANDIDATE_PART * (candidate.weights[j] ?? 1);
    describe(
      explain,
      () => `candidate part "${candidate.tokens[j]}" unmatched (weight ${EXTRA_CANDIDATE_PART})`,
    );
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
