// Turns a name in any of the scripts the lists use into lower-case ASCII Latin, so names written in
// Cyrillic, Arabic, Greek or Devanagari meet their romanised spellings (research/aml.md).
import Sanscript from "@indic-transliteration/sanscript";
import anyAscii from "any-ascii";

// The package's typings declare `t` without exporting it from the namespace.
const sanscript = Sanscript as unknown as { t(data: string, from: string, to: string): string };

const CYRILLIC: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  ґ: "g",
  д: "d",
  е: "e",
  ё: "e",
  є: "ye",
  ж: "zh",
  з: "z",
  и: "i",
  і: "i",
  ї: "yi",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ў: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  ђ: "dj",
  ј: "j",
  љ: "lj",
  њ: "nj",
  ћ: "c",
  џ: "dz",
  ѓ: "g",
  ќ: "k",
  ѕ: "dz",
};

const GREEK: Record<string, string> = {
  α: "a",
  β: "v",
  γ: "g",
  δ: "d",
  ε: "e",
  ζ: "z",
  η: "i",
  θ: "th",
  ι: "i",
  κ: "k",
  λ: "l",
  μ: "m",
  ν: "n",
  ξ: "x",
  ο: "o",
  π: "p",
  ρ: "r",
  σ: "s",
  ς: "s",
  τ: "t",
  υ: "y",
  φ: "f",
  χ: "ch",
  ψ: "ps",
  ω: "o",
};

// Arabic and Persian letters; the script omits short vowels, so this is a consonant skeleton with the
// long vowels spelled out. Good enough for the phonetic and n-gram keys to meet the usual spellings.
const ARABIC: Record<string, string> = {
  ا: "a",
  أ: "a",
  إ: "i",
  آ: "a",
  ٱ: "a",
  ب: "b",
  ت: "t",
  ث: "th",
  ج: "j",
  ح: "h",
  خ: "kh",
  د: "d",
  ذ: "dh",
  ر: "r",
  ز: "z",
  س: "s",
  ش: "sh",
  ص: "s",
  ض: "d",
  ط: "t",
  ظ: "z",
  ع: "",
  غ: "gh",
  ف: "f",
  ق: "q",
  ك: "k",
  ک: "k",
  ل: "l",
  م: "m",
  ن: "n",
  ه: "h",
  ة: "a",
  ء: "",
  ئ: "i",
  ؤ: "u",
  ى: "a",
  پ: "p",
  چ: "ch",
  ژ: "zh",
  گ: "g",
};
// Short-vowel marks (harakat), where a text carries them.
const ARABIC_MARKS: Record<string, string> = { "\u064E": "a", "\u064F": "u", "\u0650": "i" };
const ARABIC_W = new Set(["و"]);
const ARABIC_Y = new Set(["ي", "ی"]);

const LATIN_SPECIAL: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
  ħ: "h",
  ŧ: "t",
};

const DEVANAGARI = /[\u0900-\u097F]/;
const ARABIC_SCRIPT = /[\u0600-\u06FF]/;
/** Hebrew is an abjad too: short vowels are not written, so its parts compare as skeletons. */
export const ABJAD_SCRIPT = /[\u0590-\u05FF\u0600-\u06FF]/;
// One syllable per character: each becomes its own part ("김정은" → "kim jong un"), and the compound
// alignment in compare-names joins them again where a spelling writes "Jongun".
const SYLLABIC = /[\p{Script=Hangul}\p{Script=Han}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const OTHER_SCRIPTS =
  /[^\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Common}\p{Script=Inherited}]+/gu;

// Modern Greek writes d, b and g with two letters (Ντόρα Dora, Μπακογιάννη Bakoyanni, Γκρέκος Grekos)
// and u as ου (Πούτιν Putin); accents are folded before this runs.
function greekDigraphs(text: string): string {
  return text.replace(/ντ/g, "d").replace(/μπ/g, "b").replace(/γκ/g, "g").replace(/ου/g, "u");
}

function mapChars(text: string, table: Record<string, string>): string {
  let out = "";
  for (const char of text) out += table[char] ?? char;
  return out;
}

// "عبد الرحمن" is one name, Abd al-Rahman, that Latin spellings write as "Abdulrahman", "Abdul Rahman" or
// "Abd al-Rahman": the servant word and the name after it are kept together as one part.
const ABD_SPACE = /(^|[\s\u200c])عبد[\s\u200c]+(?=[\u0600-\u06FF])/g;

// The article ال is written joined to the name ("العزاوي") and romanised apart ("al-Azzawi"): it becomes a
// part of its own, and an ayin after it opens the name. "الله" (Allah) is a word, not an article.
const ARTICLE_START = /(^|[\s\u200c])ال(?=[\u0600-\u06FF]{2})(?!له(?:[\s\u200c]|$))/g;

function romanizeArabic(text: string): string {
  let out = "";
  let previousIsLetter = false;
  for (const char of text.replace(ABD_SPACE, "$1عبد").replace(ARTICLE_START, "$1ال ")) {
    if (ARABIC_W.has(char)) out += previousIsLetter ? "u" : "w";
    else if (ARABIC_Y.has(char)) out += previousIsLetter ? "i" : "y";
    // An ayin opening a word is heard as its vowel (Ali, Omar, Abd): "a" keeps the part's first letter.
    else if (char === "ع") out += previousIsLetter ? "" : "a";
    else out += ARABIC[char] ?? ARABIC_MARKS[char] ?? char;
    previousIsLetter = /[\u0600-\u06FF]/.test(char);
  }
  return out;
}

/**
 * Devanagari → Latin with the Nepali spelling conventions (research/aml.md): IAST keeps the inherent
 * vowel ("kamala dāhāla"), Nepali drops it at the end of a word unless a conjunct precedes it
 * ("mitra" keeps it); ś/ṣ → sh, छ → chh, च → ch, word-initial व → b.
 */
export function romanizeDevanagari(text: string): string {
  const iast = sanscript.t(text, "devanagari", "iast");
  return iast
    .split(/(\s+)/)
    .map((word: string) => {
      if (/^\s*$/.test(word)) return word;
      let w = word.replace(/^v/, "b");
      // IAST c = च, ch = छ.
      w = w.replace(/ch?/g, (found) => (found === "ch" ? "chh" : "ch"));
      // Word-final short a is the inherent vowel; keep it after a conjunct (two consonants).
      // An anusvara is a nasal vowel mark, not a consonant: "kāṃta" → "kant".
      const match = /([^aeiouāīūṛṝḷṃṁ])([^aeiouāīūṛṝḷṃṁ]?)a$/.exec(w);
      if (match && !match[2] && w.length > 2) w = w.slice(0, -1);
      return w.replace(/[śṣ]/g, "sh").replace(/[ṃṁ]/g, "n").replace(/ṅ/g, "ng").replace(/ñ/g, "n");
    })
    .join("");
}

/**
 * Revised Romanisation (what the table gives) moved toward the McCune–Reischauer spellings that lists
 * and passports of both Koreas mostly use: 김 Gim → kim, 박 Bak → pak, 정 Jeong → jong, 은 Eun → un,
 * 룡 Lyong → ryong.
 */
function koreanSyllable(romanised: string): string {
  return romanised
    .replace(/^g/, "k")
    .replace(/^b/, "p")
    .replace(/^d/, "t")
    .replace(/^l/, "r")
    .replace(/eo/g, "o")
    .replace(/eu/g, "u");
}

function romanizeSyllables(text: string): string {
  let out = "";
  for (const char of text) {
    if (!SYLLABIC.test(char)) {
      out += char;
      continue;
    }
    const romanised = anyAscii(char).toLowerCase();
    out += ` ${HANGUL.test(char) ? koreanSyllable(romanised) : romanised} `;
  }
  return out;
}

/** Lower-case ASCII with diacritics folded and every supported script romanised. */
export function transliterate(text: string): string {
  // Most names are plain ASCII already.
  if (/^[\x20-\x7e]*$/.test(text)) return text.toLowerCase();
  let value = text.normalize("NFC").toLowerCase();
  if (DEVANAGARI.test(value)) value = romanizeDevanagari(value);
  if (ARABIC_SCRIPT.test(value)) value = romanizeArabic(value);
  // Every other script (Hebrew, Armenian, Georgian, Kana, Thai, Khmer, Myanmar, the Indic scripts beside
  // Devanagari…) through one transliteration table, before accents are folded (that would split Hangul
  // syllables into letters and drop Indic vowel signs); Han and Hangul a syllable at a time.
  value = value.replace(OTHER_SCRIPTS, (run) =>
    // Armenian ու is one vowel, u (the table spells it "ow").
    anyAscii(SYLLABIC.test(run) ? romanizeSyllables(run) : run.replaceAll("ու", "u")).toLowerCase(),
  );
  // Cyrillic on composed letters (й, ё, ї carry marks); then fold accents so "έ" meets the Greek
  // table's "ε" (Devanagari is done by now: its vowel signs are marks too).
  value = mapChars(value, CYRILLIC).normalize("NFKD").replace(/\p{M}/gu, "");
  return mapChars(mapChars(greekDigraphs(value), GREEK), LATIN_SPECIAL);
}
