// Sorts the name pairs the matcher gets wrong into causes, so matcher work goes where the errors are
// (issue 14). A cause is read from the pair itself, not from the matcher's score: how the parts of the two
// names relate part by part (any spelling rule of comparePart, or skeletons across scripts), which scripts
// they are written in, and which words (honorifics, kunyas, initials) they carry. One cause per pair, the
// first that applies in the order of CAUSES.
import { comparePart } from "../../src/engines/aml/compare-names.js";
import { compareSkeletons } from "../../src/engines/aml/consonant-skeleton.js";
import { nameParts } from "../../src/engines/aml/name-tokens.js";
import { ABJAD_SCRIPT } from "../../src/engines/aml/transliterate.js";
import type { NamePair } from "./name-pairs.js";

export const CAUSES = [
  "script: Arabic/Persian/Hebrew",
  "script: Cyrillic",
  "script: Han/Hangul/Kana",
  "script: other",
  "no part in common (nom de guerre, kunya, other name)",
  "kunya or nickname beside a shared part",
  "honorific beside the name",
  "initials",
  "partial name (parts missing on one side)",
  "reordered parts",
  "spelling/transliteration of the same parts",
  "same parts, different person",
  "other",
] as const;
export type Cause = (typeof CAUSES)[number];

const HONORIFICS = new Set(
  "sheikh shaykh shaikh haji hajji haj mullah mulla maulvi mawlawi maulana ustad ustadh qari mufti sayed sayyed seyyed sayyid doctor dr engineer eng imam hafiz".split(
    " ",
  ),
);
const KUNYA = new Set("abu abou umm um".split(" "));
const CYRILLIC = /\p{Script=Cyrillic}/u;
const SYLLABIC = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const NON_LATIN = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;
/** Two parts relate when some spelling rule takes one to the other (0.5 is well below any match). */
const RELATED = 0.5;

function related(a: string, b: string, abjad: boolean): boolean {
  return comparePart(a, b) >= RELATED || (abjad && compareSkeletons(a, b) > 0);
}

export function causeOf(item: NamePair): Cause {
  const text = `${item.a} ${item.b}`;
  if (ABJAD_SCRIPT.test(text)) return "script: Arabic/Persian/Hebrew";
  if (CYRILLIC.test(text)) return "script: Cyrillic";
  if (SYLLABIC.test(text)) return "script: Han/Hangul/Kana";
  if (NON_LATIN.test(text)) return "script: other";
  const a = nameParts(item.a);
  const b = nameParts(item.b);
  const linkOf = (parts: string[], other: string[]) =>
    parts.map((part) => other.findIndex((o) => related(part, o, false)));
  const aLinks = linkOf(a, b);
  const bLinks = linkOf(b, a);
  const shared = bLinks.filter((index) => index >= 0).length;
  if (shared === 0) return "no part in common (nom de guerre, kunya, other name)";
  const unlinked = b.filter((_, i) => bLinks[i] === -1).concat(a.filter((_, i) => aLinks[i] === -1));
  if (unlinked.some((part) => KUNYA.has(part))) return "kunya or nickname beside a shared part";
  if (unlinked.some((part) => HONORIFICS.has(part))) return "honorific beside the name";
  if ([...a, ...b].some((part) => part.length === 1)) return "initials";
  if (!item.same && unlinked.length === 0) return "same parts, different person";
  if (unlinked.length > 0) {
    // Parts missing on one side only: the other side's parts all have a partner.
    const aAll = aLinks.every((index) => index >= 0);
    const bAll = bLinks.every((index) => index >= 0);
    if (aAll || bAll) return "partial name (parts missing on one side)";
    return item.same ? "kunya or nickname beside a shared part" : "other";
  }
  const order = bLinks.filter((index) => index >= 0);
  if (order.some((index, i) => i > 0 && index < (order[i - 1] ?? 0))) return "reordered parts";
  return "spelling/transliteration of the same parts";
}
