// Latin renderings of Nepali names and places, following the spellings Nepali documents use rather than
// scholarly IAST: word-final inherent "a" dropped except after a conjunct (राम → Ram, श्रेष्ठ → Shreshtha),
// ś/ṣ → sh, छ → chh, च → ch, initial व → b, long vowels unmarked.
import SanscriptModule from "@indic-transliteration/sanscript";

// The package is CommonJS whose types claim an ES default export: at run time the default import is
// already the Sanscript object (it has no `.default`), so accept either shape.
const Sanscript = ((SanscriptModule as unknown as { default?: typeof SanscriptModule }).default ??
  SanscriptModule) as unknown as { t(data: string, from: string, to: string): string };

const VIRAMA = "\u094d";
const isConsonant = (c: string | undefined): boolean =>
  c !== undefined && ((c >= "\u0915" && c <= "\u0939") || (c >= "\u0958" && c <= "\u095f"));

/** Marks the final consonant of a word with a virama so its inherent vowel is not spoken. */
function dropFinalSchwa(word: string): string {
  const chars = [...word];
  const last = chars.at(-1);
  if (chars.length < 2 || !isConsonant(last)) return word;
  // After a conjunct (consonant + virama + consonant) the vowel is kept: श्रेष्ठ → shreshtha.
  if (chars.at(-2) === VIRAMA) return word;
  return `${word}${VIRAMA}`;
}

function initialVaToBa(word: string): string {
  return word.startsWith("व") ? `ब${word.slice(1)}` : word;
}

const IAST_TO_PLAIN: [RegExp, string][] = [
  [/ch/g, "§"], // IAST "ch" is छ: protect it before "c" (च) becomes "ch"
  [/c/g, "ch"],
  [/§/g, "chh"],
  [/[śṣ]/g, "sh"],
  [/ṛ/g, "ri"],
  [/ṝ/g, "ri"],
  [/ṅ/g, "ng"],
  [/ñ/g, "n"],
  [/[ṃṁ]/g, "n"],
  [/ḥ/g, ""],
  [/ā/g, "a"],
  [/ī/g, "i"],
  [/ū/g, "u"],
  [/ṭ/g, "t"],
  [/ḍ/g, "d"],
  [/ṇ/g, "n"],
  [/ḷ/g, "l"],
  [/[\u0300-\u036f]/g, ""],
];

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Devanagari Nepali text to a capitalised Latin rendering ("राम बहादुर" → "Ram Bahadur"). */
export function transliterateNepali(text: string): string {
  const prepared = text
    .normalize("NFC")
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => dropFinalSchwa(initialVaToBa(w)))
    .join(" ");
  let latin = Sanscript.t(prepared, "devanagari", "iast");
  for (const [from, to] of IAST_TO_PLAIN) latin = latin.replace(from, to);
  return latin.normalize("NFC").split(" ").map(capitalise).join(" ").replace(/\s+/g, " ").trim();
}
