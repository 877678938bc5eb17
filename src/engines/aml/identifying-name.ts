// Issue 22: a one-letter name ("a") was a confirmed sanctions hit (0.86) and "a b" scored 0.9. A name that
// short identifies nobody, so it can never confirm a hit: its best candidates are demoted to possible matches
// (flagged `uncorroborated`, like the date-of-birth rule) for a person to look at.
//
// Rule (README: AML screening): a name confirms only when its parts of two or more letters — romanised, titles
// removed — hold at least four letters together; a Han, Hangul or Kana character counts as two letters (it is
// a syllable). "a", "a b", "ab", "a b c d", "Mao" cannot confirm; "Li Na", "习近平", "Hamas" can.
import { nameParts } from "./name-tokens.js";

export const MIN_IDENTIFYING_LETTERS = 4;

const SYLLABIC = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;

export function isIdentifyingName(name: string, isOrganization = false): boolean {
  let letters = 0;
  for (const part of nameParts(name, isOrganization)) {
    const characters = [...part].filter((character) => /\p{L}/u.test(character));
    const weight = characters.reduce((sum, character) => sum + (SYLLABIC.test(character) ? 2 : 1), 0);
    if (weight >= 2) letters += weight;
  }
  return letters >= MIN_IDENTIFYING_LETTERS;
}
