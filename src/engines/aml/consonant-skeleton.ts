// Arabic script leaves short vowels unwritten, so a romanised Arabic name is a consonant skeleton
// ("كمال مصطفى" → "kmal mstfa") that no edit budget bridges to "Kamal Mustafa". When exactly one side of
// a comparison was written in Arabic script, parts are also compared by their skeletons: vowels dropped on
// both sides, doubled letters collapsed, the attached article ("alqadr") dropped on the Arabic side.
// Latin-to-Latin comparisons never use this (it would make "Mark" meet "Mirko").
import { editCost } from "./edit-cost.js";

/** A skeleton match counts less than a spelled match: vowels carry information the script hid. */
export const SKELETON_EQUAL = 0.85;
const SKELETON_NEAR = 0.75;

// Parts recur across candidates; a bounded memo keeps the regular expressions off the hot path.
const MEMO_LIMIT = 200_000;
const memo = new Map<string, string>();

export function consonantSkeleton(part: string, fromAbjad: boolean): string {
  const key = fromAbjad ? `\u0001${part}` : part;
  let skeleton = memo.get(key);
  if (skeleton === undefined) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    skeleton = computeSkeleton(part, fromAbjad);
    memo.set(key, skeleton);
  }
  return skeleton;
}

function computeSkeleton(part: string, fromAbjad: boolean): string {
  const body = fromAbjad && part.length > 4 ? part.replace(/^al/, "") : part;
  // Letters one Arabic letter is spelled with by different conventions become one: ق is q, k or g
  // ("Qadir", "Kadir", "Gedeir"), و is w or v ("Wali", "Vali"). Inside a word a Latin w is the long vowel
  // و that the Arabic side romanises as "u" (Anwar / انور).
  return body
    .replace(/gh|q|g|c/g, "k")
    .replace(/v/g, "w")
    .replace(/(?<=.)w/g, "")
    .replace(/[aeiouy]/g, "")
    .replace(/(.)\1+/g, "$1");
}

/** Similarity of an Arabic-script part and a Latin part by their skeletons (0 when they differ). */
export function compareSkeletons(abjadPart: string, latinPart: string): number {
  const a = consonantSkeleton(abjadPart, true);
  const b = consonantSkeleton(latinPart, false);
  if (a.length < 2 || b.length < 2) return 0;
  if (a === b) return SKELETON_EQUAL;
  return Math.min(a.length, b.length) >= 3 && editCost(a, b, 1) <= 1 ? SKELETON_NEAR : 0;
}
