// Two spellings that are two different names, however close in letters: a masculine and a feminine form
// ("Aleksandr" / "Aleksandra", "Michel" / "Michelle", "Angelo" / "Angela", "Popov" / "Popova",
// "Ivanovich" / "Ivanovna"), and names one consonant apart that no romanisation confuses ("Kevin" /
// "Devin", "Yamin" / "Yasin").

/** Feminine endings added to a masculine name: Aleksandr-a, Denis-e, Viktor-ia, Christian-ine, Michel-le. */
const FEMININE_ENDINGS = ["a", "e", "ia", "ya", "ina", "ine", "le", "ne", "ette", "elle"];
const MIN_STEM = 3;
const VOWEL = /[aeiouy]/;
/** Letters a Romance -o / -a ending follows (Angelo, Pietro, Mario, Francesco, Roberto, Leonardo, Feliciano). */
const ROMANCE = /[lrnidct]/;

function endsApart(short: string, long: string): boolean {
  if (short.length < MIN_STEM || !long.startsWith(short)) return false;
  // After a vowel, a final vowel is a spelling ("Rezai" / "Rezaie"), not an ending.
  return FEMININE_ENDINGS.includes(long.slice(short.length)) && !VOWEL.test(short.slice(-1));
}

/** A masculine and a feminine form of one name, given, family or patronymic. */
export function isOtherGender(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (endsApart(short, long)) return true;
  // Angelo / Angela, Pietro / Pietra, Feliciano / Feliciana; not Lukashenko / Lukashenka.
  const romance = ROMANCE.test(a.slice(-2, -1));
  if (romance && a.length === b.length && a.length >= 4 && a.slice(0, -1) === b.slice(0, -1)) {
    const ends = a.slice(-1) + b.slice(-1);
    if (ends === "oa" || ends === "ao") return true;
  }
  // Yevgeniy / Yevgenia, Vitaliy / Vitalia.
  const masculine = /(?:iy|ij|y)$/;
  const feminine = /(?:ia|ya)$/;
  const stem = (name: string, ending: RegExp) => (ending.test(name) ? name.replace(ending, "") : undefined);
  const x = stem(a, masculine) ?? stem(b, masculine);
  const y = stem(a, feminine) ?? stem(b, feminine);
  if (x !== undefined && x.length >= MIN_STEM && x === y) return true;
  // Patronymics: Ivanovich / Ivanovna, Sergeyevich / Sergeyevna.
  const son = /(?:ich|ych|itch)$/;
  const daughter = /na$/;
  const father = stem(a, son) ?? stem(b, son);
  const father2 = stem(a, daughter) ?? stem(b, daughter);
  return father !== undefined && father.length >= MIN_STEM + 2 && father === father2;
}

// Letters romanisations exchange for one another (a sound written two ways); two consonants outside one
// group are two sounds.
const GROUPS = ["aeiouyj", "ckqgxj", "szcxj", "pbfvw", "td", "hkx", "lry", "gjzy", "mn"];

function interchangeable(x: string, y: string): boolean {
  return GROUPS.some((group) => group.includes(x) && group.includes(y));
}

/** Names up to this length change meaning with one consonant ("Samir" / "Sahir"). */
const SHORT_NAME = 5;

/**
 * Two names that differ only in their first letter, by sounds no romanisation confuses, or, when short, in
 * one consonant for another that no romanisation confuses.
 */
export function isOtherName(a: string, b: string): boolean {
  const first = a[0] ?? "";
  const other = b[0] ?? "";
  // Only a first consonant exchanged for another, the rest as it was: a first letter moved or dropped
  // ("Amghomed", "Aroun") or a vowel for a consonant ("Aanafi") is a slip of the pen.
  const consonants = !VOWEL.test(first) && !VOWEL.test(other);
  if (first !== other && consonants && a.slice(1) === b.slice(1) && !interchangeable(first, other))
    return true;
  if (a.length !== b.length || a.length > SHORT_NAME) return false;
  let differing = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (differing >= 0) return false;
    differing = i;
  }
  if (differing < 0) return false;
  const x = a[differing] ?? "";
  const y = b[differing] ?? "";
  return !VOWEL.test(x) && !VOWEL.test(y) && !interchangeable(x, y);
}

/**
 * Two spellings that are two names: another name, or another gender's form of one. An Indic name romanised
 * keeps or drops its final inherent vowel ("Ajay" / "Ajaya", "Nath" / "Natha"), so with `indic` a final a
 * is no feminine ending.
 */
export function areTwoNames(a: string, b: string, indic: boolean): boolean {
  return isOtherName(a, b) || (!indic && isOtherGender(a, b));
}
