// Country names as the official lists write them ("Iran (Islamic Republic of)", "Korea, North")
// → ISO-3166 alpha-2, lower case, which is what FtM data and the spec's queries use.

import isoCountries from "i18n-iso-countries";

const REGION_NAMES = new Intl.DisplayNames("en", { type: "region" });
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
// Withdrawn (SU, YU…) and pseudo regions (EU, UN, ZZ…) that Intl still names.
const NOT_COUNTRIES = new Set(
  "SU YU CS DD ZR TP BU FX QO EU EZ UN XA XB ZZ AC CP DG EA IC TA AN NT".split(" "),
);

function isCountryCode(code: string): boolean {
  if (NOT_COUNTRIES.has(code)) return false;
  const name = REGION_NAMES.of(code);
  // Intl echoes unknown codes back unchanged.
  return Boolean(name) && name !== code;
}

// Official-list spellings that Intl's English names do not cover.
const EXTRA_NAMES: Record<string, string> = {
  "korea north": "kp",
  "north korea": "kp",
  "democratic people s republic of korea": "kp",
  "korea south": "kr",
  "republic of korea": "kr",
  burma: "mm",
  "congo democratic republic of the": "cd",
  "democratic republic of the congo": "cd",
  "congo republic of the": "cg",
  "iran islamic republic of": "ir",
  "russian federation": "ru",
  "syrian arab republic": "sy",
  "united kingdom of great britain and northern ireland": "gb",
  "great britain": "gb",
  "united states of america": "us",
  "united states": "us",
  usa: "us",
  "viet nam": "vn",
  "lao people s democratic republic": "la",
  "bolivia plurinational state of": "bo",
  "venezuela bolivarian republic of": "ve",
  "united republic of tanzania": "tz",
  "tanzania united republic of": "tz",
  "moldova republic of": "md",
  "republic of moldova": "md",
  turkey: "tr",
  turkiye: "tr",
  "cote d ivoire": "ci",
  "ivory coast": "ci",
  "czech republic": "cz",
  macedonia: "mk",
  "the former yugoslav republic of macedonia": "mk",
  swaziland: "sz",
  "cape verde": "cv",
  "west bank": "ps",
  "gaza strip": "ps",
  palestinian: "ps",
  "state of palestine": "ps",
  "palestinian territories": "ps",
  "micronesia federated states of": "fm",
  "bosnia herzegovina": "ba",
  "holy see": "va",
  "brunei darussalam": "bn",
};

function normalizeCountryName(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .replace(/^the /, "")
    .trim();
}

function buildCountryTable(): Map<string, string> {
  const table = new Map<string, string>();
  for (const a of LETTERS) {
    for (const b of LETTERS) {
      const code = a + b;
      if (!isCountryCode(code)) continue;
      table.set(normalizeCountryName(REGION_NAMES.of(code) ?? code), code.toLowerCase());
    }
  }
  for (const [name, code] of Object.entries(EXTRA_NAMES)) table.set(name, code);
  return table;
}

const COUNTRY_TABLE = buildCountryTable();

/** ISO-2 (lower case) for a country code or name, or null when it is not recognised. */
export function countryCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const upper = trimmed.toUpperCase();
    return isCountryCode(upper) ? upper.toLowerCase() : null;
  }
  // Passport MRZs write nationality as ICAO alpha-3 (NPL, IND), with "D" for Germany.
  if (/^[A-Za-z]{3}$/.test(trimmed) || trimmed.toUpperCase() === "D") {
    const upper = trimmed.toUpperCase();
    const alpha2 = upper === "D" ? "DE" : isoCountries.alpha3ToAlpha2(upper);
    if (alpha2 && isCountryCode(alpha2)) return alpha2.toLowerCase();
  }
  const normalized = normalizeCountryName(trimmed);
  const direct = COUNTRY_TABLE.get(normalized);
  if (direct) return direct;
  // "Iran (Islamic Republic of)" → "Iran"; "Korea, North" → "North Korea".
  const withoutParens = normalizeCountryName(trimmed.replace(/\(.*?\)/g, " "));
  const fromParens = COUNTRY_TABLE.get(withoutParens);
  if (fromParens) return fromParens;
  const comma = trimmed.split(",");
  if (comma.length === 2) {
    const swapped = COUNTRY_TABLE.get(normalizeCountryName(`${comma[1]} ${comma[0]}`));
    if (swapped) return swapped;
  }
  return null;
}
