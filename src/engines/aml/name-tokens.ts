// Splits a name into comparable parts: romanised, lower case, punctuation-free, titles dropped,
// company-type words folded to one spelling, particles marked as weak.
import { joinServantNames } from "./servant-names.js";
import { ABJAD_SCRIPT, transliterate } from "./transliterate.js";

/** A name ready to compare: its parts in written order and how much each part counts. */
export interface NameTokens {
  tokens: string[];
  weights: number[];
  /** The parts joined by single spaces (the written order), for the whole-string comparison. */
  joined: string;
  /** Written in Arabic or Hebrew script: parts are consonant skeletons (short vowels are not written). */
  abjad?: boolean;
  /** Which parts are the family name, when it is known (a lastName field, "LAST, First"). */
  family?: boolean[];
  /** Written in Devanagari: a romanised part may keep or drop its final inherent vowel. */
  indic?: boolean;
  /** Written in Han, Hangul or Kana: each part is one syllable, and a given name is two of them. */
  syllabic?: boolean;
}

const INDIC_SCRIPT = /\p{Script=Devanagari}/u;
const SYLLABIC_SCRIPT = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;

// Titles and suffixes that say nothing about who someone is.
const TITLES = new Set(
  (
    "mr mrs ms miss mx dr prof sir dame lord lady jr sr ii iii iv hon rev gen col capt maj lt sgt esq phd " +
    // South Asian honorifics written before a name (Nepali, Hindi, Bengali): Shri, Shrimati, Sushri, Smt.
    "shri sri shree shrimati srimati sushri smt"
  ).split(" "),
);

// "President X" in several languages, romanised: a person's office, not their name (an organisation may
// well be called "Presidente …", so these stay in organisation names).
const OFFICES = new Set(
  "president presidente presiden predsjednik presedintele prasident prezident prezydent elnok prezidents".split(
    " ",
  ),
);

// Connecting words and religious titles that appear in some spellings of a name and not in others
// (research/aml.md: logic-v2 pairs these through symbol tags; here they simply weigh little).
const PARTICLES = new Set(
  (
    "al el ul ur ud ad as ar ash at az an bin ibn bint ben bn wa de da del della di du la le van von der den " +
    "dos das do y ould ag mullah mulla maulvi mawlawi maulana haji hajji sheikh shaykh shaikh sayed sayyed qari"
  ).split(" "),
);

// spec: research/aml.md — org types pair with each other (logic-v2 weighs them 0.8); one spelling each.
const ORG_TYPES: Record<string, string> = {
  limited: "ltd",
  ltd: "ltd",
  company: "co",
  co: "co",
  corporation: "corp",
  corp: "corp",
  incorporated: "inc",
  inc: "inc",
  llc: "llc",
  ooo: "llc",
  tov: "llc",
  jsc: "jsc",
  ao: "jsc",
  oao: "jsc",
  ojsc: "jsc",
  pao: "jsc",
  pjsc: "jsc",
  zao: "jsc",
  cjsc: "jsc",
  plc: "plc",
  gmbh: "gmbh",
  ag: "ag",
  sa: "sa",
  sarl: "sarl",
  srl: "srl",
  spa: "spa",
  bv: "bv",
  nv: "nv",
  sirketi: "co",
  group: "group",
};
const ORG_TYPE_VALUES = new Set(Object.values(ORG_TYPES));

const FAMILY_WEIGHT = 1.3; // research/aml.md: family-name parts weigh 1.3
const WEAK_WEIGHT = 0.3;
// A patronymic ("Vladimirovich", "Ivanovna", "Aliyevich", "Mammadoglu") is often left out of a spelling
// of the same person's name: it counts, but less than a given or family name.
export const PATRONYMIC_WEIGHT = 0.5;
const PATRONYMIC =
  /^\p{L}{3,}(?:ovich|evich|ovych|evych|ovitch|evitch|ovics|evics|owitsch|ewitsch|ovna|evna|ivna|ichna|oglu|ogly|qizi|kyzy)$/u;

/** Romanised, lower-case parts of a name, titles removed. */
export function nameParts(name: string, isOrganization = false): string[] {
  // "S.A.", "L.L.C.": dotted company-type abbreviations are one word.
  const undotted = isOrganization ? name.replace(/(?<=\b\p{L})\.(?=\p{L}\b)/gu, "") : name;
  const plain = transliterate(undotted)
    // Apostrophes and lost characters inside a word join it ("Sa'adi", "Mus?ab"), they do not split it.
    .replace(/(\p{L})['’‘`ʻʼ´?]+(?=\p{L})/gu, "$1")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  if (!plain) return [];
  const parts: string[] = [];
  for (const part of plain.split(" ")) {
    if (TITLES.has(part) || (!isOrganization && OFFICES.has(part))) continue;
    parts.push(isOrganization ? (ORG_TYPES[part] ?? part) : part);
  }
  return parts;
}

/**
 * Prepares a name for comparison. `familyParts` are parts known to be the family name (from a
 * lastName field or the part before a comma in "LAST, First"); they weigh more.
 */
export function tokenizeName(
  name: string,
  options: { isOrganization?: boolean; familyParts?: ReadonlySet<string> } = {},
): NameTokens {
  const isOrganization = options.isOrganization ?? false;
  const comma = name.indexOf(",");
  let ordered = name;
  let family = options.familyParts;
  // "SALEK, ABDULHAI": the official lists write family name first with a comma; restore written order.
  if (comma > 0 && !isOrganization && name.indexOf(",", comma + 1) < 0) {
    const head = name.slice(0, comma);
    const tail = name.slice(comma + 1);
    if (nameParts(tail).length > 0) {
      ordered = `${tail} ${head}`;
      if (!family) family = new Set(nameParts(head));
    }
  }
  const tokens = nameParts(ordered, isOrganization);
  const weights = tokens.map((token) => {
    if (PARTICLES.has(token) || (isOrganization && ORG_TYPE_VALUES.has(token))) return WEAK_WEIGHT;
    if (family?.has(token)) return FAMILY_WEIGHT;
    return !isOrganization && PATRONYMIC.test(token) ? PATRONYMIC_WEIGHT : 1;
  });
  const isFamily = tokens.map((token) => family?.has(token) ?? false);
  const joined = isOrganization
    ? { tokens, weights, family: isFamily }
    : joinServantNames(tokens, weights, isFamily);
  return {
    tokens: joined.tokens,
    weights: joined.weights,
    joined: joined.tokens.join(" "),
    ...(joined.family.some(Boolean) ? { family: joined.family } : {}),
    ...(ABJAD_SCRIPT.test(name) ? { abjad: true } : {}),
    ...(SYLLABIC_SCRIPT.test(name) ? { syllabic: true } : {}),
    ...(INDIC_SCRIPT.test(name) ? { indic: true } : {}),
  };
}
