// A second family of labelled Person name pairs (issue 14), shaped like a screening benchmark rather than
// like list aliases: one real name against a mutated spelling of itself (positives) or against another
// person's name that shares most of it (hard negatives). Names come from shared/data/aml (OFAC and UN
// persons, US Congress members, the synthetic negatives' Latin names) and from the written lists of
// name-lexicon.ts (Nepali/Hindi in Devanagari, Russian in Cyrillic, Arabic). Seeded and deterministic; each
// pair's split (tuning/held) is a stable hash of the name it was built from, as in name-pairs.ts.
import { readFileSync } from "node:fs";
import { parseCsvRecords } from "../../src/engines/aml/csv-rows.js";
import type { AmlEntity } from "../../src/engines/aml/entity.js";
import { createRandom } from "../../test/specimens/seeded-random.js";
import {
  ARABIC_FAMILY,
  ARABIC_GIVEN,
  HONORIFICS,
  NEPALI_FAMILY,
  NEPALI_GIVEN,
  NEPALI_MIDDLE,
  OTHER_VARIANTS,
  RUSSIAN_FAMILY,
  RUSSIAN_GIVEN,
  SPELLING_DRIFTS,
} from "./name-lexicon.js";
import { type Split, splitOf } from "./name-pairs.js";

export const POSITIVE_KINDS = [
  "typo",
  "transliteration",
  "devanagari",
  "cyrillic",
  "initials",
  "reordered",
  "partial",
  "honorific",
  "patronymic",
  "joined",
] as const;
export const NEGATIVE_KINDS = [
  "other_family",
  "other_given",
  "one_letter",
  "gender",
  "father_son",
  "conflicting_initials",
  "common_part",
  "short",
  "script_other",
  "random",
] as const;
export type MutationKind = (typeof POSITIVE_KINDS)[number] | (typeof NEGATIVE_KINDS)[number];

export interface MutationPair {
  a: string;
  b: string;
  same: boolean;
  kind: MutationKind;
  split: Split;
}

/** A person's name in parts; `family` is known for every source used here. */
interface Base {
  given: string[];
  middle: string[];
  family: string[];
  gender?: "male" | "female";
  source: string;
}

/** How many pairs of each kind the generator aims for (about 40 % positives, 60 % negatives). */
const COUNTS: Record<MutationKind, number> = {
  typo: 320,
  transliteration: 300,
  devanagari: 220,
  cyrillic: 120,
  initials: 260,
  reordered: 260,
  partial: 260,
  honorific: 200,
  patronymic: 200,
  joined: 160,
  other_family: 480,
  other_given: 480,
  one_letter: 260,
  gender: 260,
  father_son: 260,
  conflicting_initials: 300,
  common_part: 340,
  short: 220,
  script_other: 200,
  random: 400,
};

const DATA = new URL("../../../shared/data/aml/", import.meta.url);
const read = (name: string) => readFileSync(new URL(name, DATA), "utf8");

const LATIN_NAME = /^[\p{Script=Latin}\s.'-]+$/u;
const SUFFIX = /^(jr|sr|ii|iii|iv)\.?$/i;
const TITLE_WORDS = new Set(HONORIFICS.map((title) => title.toLowerCase().replace(".", "")));
const words = (text: string) => text.split(/\s+/).filter(Boolean);
const render = (base: Base) => [...base.given, ...base.middle, ...base.family].join(" ");
const lower = (text: string) => text.toLowerCase();

function negativeBases(): Base[] {
  const bases: Base[] = [];
  for (const file of ["negatives_global.csv", "negatives_us.csv"]) {
    for (const row of parseCsvRecords(read(file))) {
      const first = row.first_name ?? "";
      const last = row.last_name ?? "";
      if (!first || !last || !LATIN_NAME.test(row.full_name ?? "")) continue;
      const gender = row.gender === "male" || row.gender === "female" ? row.gender : undefined;
      bases.push({
        given: words(first),
        middle: words(row.middle_name ?? ""),
        family: words(last),
        ...(gender ? { gender } : {}),
        source: "synthetic",
      });
    }
  }
  return bases;
}

function congressBases(): Base[] {
  const bases: Base[] = [];
  for (const row of parseCsvRecords(read("positives_us_congress_untreated.csv"))) {
    const parts = words((row.full_name ?? "").replace(/,/g, "")).filter((part) => !SUFFIX.test(part));
    if (parts.length < 2 || !LATIN_NAME.test(parts.join(" "))) continue;
    bases.push({
      given: parts.slice(0, 1),
      middle: parts.slice(1, -1),
      family: parts.slice(-1),
      source: "congress",
    });
  }
  return bases;
}

function listBases(entities: readonly AmlEntity[], source: string): Base[] {
  const bases: Base[] = [];
  for (const entity of entities) {
    if (entity.schema !== "Person") continue;
    let given: string[];
    let family: string[];
    if (entity.lastNames[0] && entity.firstNames[0]) {
      given = words(entity.firstNames[0]);
      family = words(entity.lastNames[0]);
    } else {
      const parts = words(entity.names[0] ?? "");
      given = parts.slice(0, -1);
      family = parts.slice(-1);
    }
    given = given.filter((part) => !TITLE_WORDS.has(lower(part).replace(".", "")));
    const all = [...given, ...family];
    if (given.length === 0 || family.length === 0 || !LATIN_NAME.test(all.join(" "))) continue;
    if (all.some((part) => /\d|\(/.test(part))) continue;
    bases.push({ given: given.slice(0, 1), middle: given.slice(1), family, source });
  }
  return bases;
}

const pick = <T>(random: () => number, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
};

const upperLike = (model: string, text: string) =>
  model.length > 1 && model === model.toUpperCase() ? text.toUpperCase() : text;

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** One typing slip in a word: a substitution, deletion, insertion or swap of neighbours. */
function slip(random: () => number, word: string): string {
  const at = 1 + Math.floor(random() * (word.length - 1));
  const letter = upperLike(word, pick(random, LETTERS.split("")));
  const kind = Math.floor(random() * 4);
  if (kind === 0) return word.slice(0, at) + letter + word.slice(at + 1);
  if (kind === 1) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 2) return word.slice(0, at) + letter + word.slice(at);
  if (at >= word.length - 1) return word.slice(0, at - 1) + word[at] + word[at - 1];
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

function withPart(base: Base, replace: (part: string) => string | undefined, random: () => number) {
  const slots: ["given" | "middle" | "family", number][] = [];
  for (const field of ["given", "middle", "family"] as const) {
    base[field].forEach((_, i) => {
      slots.push([field, i]);
    });
  }
  for (let tries = 0; tries < 4; tries++) {
    const [field, i] = pick(random, slots);
    const next = replace(base[field][i] ?? "");
    if (next !== undefined && next !== base[field][i]) {
      const copy = { ...base, [field]: [...base[field]] };
      copy[field][i] = next;
      return copy;
    }
  }
  return undefined;
}

const VARIANT_GROUPS = [...ARABIC_GIVEN, ...OTHER_VARIANTS, ...RUSSIAN_GIVEN.map((name) => name.latin)];

function respell(random: () => number, part: string): string | undefined {
  const group = VARIANT_GROUPS.find((spellings) => spellings.some((s) => lower(s) === lower(part)));
  if (group && group.length > 1) {
    const other = pick(
      random,
      group.filter((s) => lower(s) !== lower(part)),
    );
    return upperLike(part, other);
  }
  if (part.length < 4) return undefined;
  const drifts = SPELLING_DRIFTS.filter(([pattern]) => pattern.test(lower(part)));
  if (drifts.length === 0) return undefined;
  const [pattern, replacement] = pick(random, drifts);
  const next = lower(part).replace(pattern, replacement);
  const cased = part[0] === part[0]?.toUpperCase() ? next[0]?.toUpperCase() + next.slice(1) : next;
  return upperLike(part, cased);
}

interface Pools {
  bySource: Map<string, Base[]>;
  givenByGender: Map<string, string[]>;
  oneLetter: Map<string, string[]>;
  genderPair: Map<string, string>;
  commonGiven: string[];
  byGiven: Map<string, Base[]>;
}

function poolsOf(bases: readonly Base[]): Pools {
  const bySource = new Map<string, Base[]>();
  for (const base of bases) {
    const list = bySource.get(base.source) ?? [];
    list.push(base);
    bySource.set(base.source, list);
  }
  const givenByGender = new Map<string, Set<string>>();
  const genderOf = new Map<string, Set<string>>();
  const counts = new Map<string, number>();
  for (const base of bases) {
    const given = base.given[0] ?? "";
    counts.set(given, (counts.get(given) ?? 0) + 1);
    const gender = base.gender ?? "unknown";
    givenByGender.set(gender, (givenByGender.get(gender) ?? new Set()).add(given));
    if (base.gender) genderOf.set(lower(given), (genderOf.get(lower(given)) ?? new Set()).add(base.gender));
  }
  // Given names one substituted letter apart, both real and short (Ali / Ala).
  const byWildcard = new Map<string, Set<string>>();
  for (const name of counts.keys()) {
    if (name.length < 3 || name.length > 5 || name.includes(".")) continue;
    for (let i = 0; i < name.length; i++) {
      const key = lower(`${name.slice(0, i)}*${name.slice(i + 1)}`);
      byWildcard.set(key, (byWildcard.get(key) ?? new Set()).add(name));
    }
  }
  const oneLetter = new Map<string, string[]>();
  for (const names of byWildcard.values()) {
    for (const name of names) {
      const others = [...names].filter((other) => lower(other) !== lower(name));
      const list = oneLetter.get(name) ?? [];
      // A letter and its accented form ("Aarón" / "Aaron") are one spelling, not two names.
      list.push(...others.filter((other) => plain(other) !== plain(name)));
      if (list.length > 0) oneLetter.set(name, list);
    }
  }
  // Masculine and feminine forms: a feminine given name that is a masculine one plus an ending.
  const genderPair = new Map<string, string>();
  const male = [...genderOf].filter(([, set]) => set.has("male") && !set.has("female")).map(([name]) => name);
  const female = new Set(
    [...genderOf].filter(([, set]) => set.has("female") && !set.has("male")).map(([n]) => n),
  );
  for (const name of male) {
    for (const ending of ["a", "e", "le", "ne", "ina", "ine", "ette", "elle"]) {
      const other = name + ending;
      if (female.has(other)) genderPair.set(name, other);
      else if (name.endsWith("o") && female.has(`${name.slice(0, -1)}a`))
        genderPair.set(name, `${name.slice(0, -1)}a`);
    }
  }
  const commonGiven = [...counts]
    .filter(([name]) => name.length >= 3)
    .sort((x, y) => y[1] - x[1])
    .slice(0, 40)
    .map(([name]) => name);
  const byGiven = new Map<string, Base[]>();
  for (const base of bases) {
    const given = base.given[0] ?? "";
    if (!commonGiven.includes(given)) continue;
    const list = byGiven.get(given) ?? [];
    list.push(base);
    byGiven.set(given, list);
  }
  return {
    byGiven,
    bySource,
    givenByGender: new Map([...givenByGender].map(([gender, set]) => [gender, [...set]])),
    oneLetter,
    genderPair,
    commonGiven,
  };
}

const plain = (text: string) => lower(text.normalize("NFD").replace(/\p{M}/gu, ""));
const title = (text: string) => text[0]?.toUpperCase() + text.slice(1);

function nepaliName(random: () => number, withMiddle: boolean) {
  const given = pick(random, NEPALI_GIVEN);
  const middle = withMiddle ? pick(random, NEPALI_MIDDLE) : undefined;
  const family = pick(random, NEPALI_FAMILY);
  return { given, middle, family };
}

type Nepali = ReturnType<typeof nepaliName>;
const nepaliNative = (name: Nepali) =>
  [name.given.native, name.middle?.native, name.family.native].filter(Boolean).join(" ");
const nepaliLatin = (random: () => number, name: Nepali) =>
  [name.given, name.middle, name.family]
    .filter((part) => part !== undefined)
    .map((part) => pick(random, part.latin))
    .join(" ");

function russianName(random: () => number, female: boolean) {
  const given = pick(random, RUSSIAN_GIVEN);
  const father = pick(
    random,
    RUSSIAN_GIVEN.filter((name) => name !== given),
  );
  const family = pick(random, RUSSIAN_FAMILY);
  return { given, father, family, female };
}
type Russian = ReturnType<typeof russianName>;
const FEMININE: Record<string, [string, string]> = {
  Aleksandr: ["Aleksandra", "Александра"],
  Yevgeny: ["Yevgenia", "Евгения"],
  Viktor: ["Viktoria", "Виктория"],
};
function russianLatin(random: () => number, name: Russian, patronymic = true): string {
  const given = name.female
    ? (FEMININE[name.given.latin[0] ?? ""]?.[0] ?? "")
    : pick(random, name.given.latin);
  const father = name.father.patronymic + (name.female ? "na" : "ich");
  const family = name.family.latin + (name.female ? "a" : "");
  return [given, patronymic ? father : undefined, family].filter(Boolean).join(" ");
}
function russianCyrillic(name: Russian, patronymic = true): string {
  const given = name.female ? (FEMININE[name.given.latin[0] ?? ""]?.[1] ?? "") : name.given.cyrillic;
  const father = name.father.cyrillicPatronymic + (name.female ? "на" : "ич");
  const family = name.family.cyrillic + (name.female ? "а" : "");
  return [given, patronymic ? father : undefined, family].filter(Boolean).join(" ");
}
const FEMALE_RUSSIAN = RUSSIAN_GIVEN.filter((name) => FEMININE[name.latin[0] ?? ""]);

const PATRONYMIC_WORD = ["bin", "ibn", "bin", "son of"];

export function buildMutationPairs(un: readonly AmlEntity[], ofac: readonly AmlEntity[]): MutationPair[] {
  const random = createRandom(20261124).next;
  const bases = [...negativeBases(), ...congressBases(), ...listBases(ofac, "ofac"), ...listBases(un, "un")];
  const pools = poolsOf(bases);
  const sources = ["synthetic", "congress", "ofac", "un"];
  const baseFrom = (test: (base: Base) => boolean = () => true): Base | undefined => {
    for (let tries = 0; tries < 50; tries++) {
      const base = pick(random, pools.bySource.get(pick(random, sources)) ?? []);
      if (test(base)) return base;
    }
    return undefined;
  };
  const otherOf = (base: Base, field: "given" | "family"): string[] | undefined => {
    const pool = pools.bySource.get(base.source) ?? [];
    for (let tries = 0; tries < 50; tries++) {
      const other = pick(random, pool);
      if (field === "given" && base.gender && other.gender !== base.gender) continue;
      const mine = lower(base[field].join(" "));
      const theirs = lower(other[field].join(" "));
      if (theirs !== mine && theirs[0] !== undefined) return other[field];
    }
    return undefined;
  };

  const pairs: MutationPair[] = [];
  const seen = new Set<string>();
  const add = (a: string, b: string, same: boolean, kind: MutationKind, anchor: string) => {
    const key = `${a}|${b}`;
    if (!a || !b || a === b || seen.has(key)) return;
    seen.add(key);
    // Either side may be the query: half the pairs are swapped.
    const [x, y] = random() < 0.5 ? [a, b] : [b, a];
    pairs.push({ a: x, b: y, same, kind, split: splitOf(anchor) });
  };
  const fromBase = (
    kind: MutationKind,
    same: boolean,
    make: (base: Base) => string | undefined,
    test?: (base: Base) => boolean,
  ) => {
    for (let tries = 0, made = 0; made < COUNTS[kind] && tries < COUNTS[kind] * 20; tries++) {
      const base = baseFrom(test);
      if (!base) continue;
      const other = make(base);
      if (!other) continue;
      const before = pairs.length;
      add(render(base), other, same, kind, render(base));
      made += pairs.length - before;
    }
  };
  const fromLexicon = (kind: MutationKind, make: () => [string, string, boolean, string] | undefined) => {
    for (let tries = 0, made = 0; made < COUNTS[kind] && tries < COUNTS[kind] * 20; tries++) {
      const made1 = make();
      if (!made1) continue;
      const before = pairs.length;
      add(made1[0], made1[1], made1[2], kind, made1[3]);
      made += pairs.length - before;
    }
  };
  const long = (base: Base) =>
    [...base.given, ...base.middle, ...base.family].some((part) => part.length >= 5);
  const hasMiddle = (base: Base) => base.middle.some((part) => part.replace(".", "").length > 1);

  // ── Positives ──
  fromBase(
    "typo",
    true,
    (base) => {
      const changed = withPart(
        base,
        (part) => {
          if (part.length < 5) return undefined;
          const once = slip(random, part);
          return part.length >= 8 && random() < 0.5 ? slip(random, once) : once;
        },
        random,
      );
      return changed ? render(changed) : undefined;
    },
    long,
  );
  fromLexicon("transliteration", () => {
    const choice = random();
    if (choice < 0.25) {
      const name = nepaliName(random, random() < 0.3);
      const a = nepaliLatin(random, name);
      return [a, nepaliLatin(random, name), true, nepaliNative(name)];
    }
    if (choice < 0.45) {
      const given = pick(random, ARABIC_GIVEN);
      const family = pick(random, ARABIC_FAMILY);
      const other = pick(random, ARABIC_GIVEN);
      const middle = random() < 0.4 ? ` ${pick(random, other)}` : "";
      return [
        `${pick(random, given)}${middle} ${family}`,
        `${pick(random, given)}${middle} ${family}`,
        true,
        `${given[0]} ${family}`,
      ];
    }
    const base = baseFrom(long);
    if (!base) return undefined;
    const changed = withPart(base, (part) => respell(random, part), random);
    return changed ? [render(base), render(changed), true, render(base)] : undefined;
  });
  fromLexicon("devanagari", () => {
    const name = nepaliName(random, random() < 0.4);
    return [nepaliNative(name), nepaliLatin(random, name), true, nepaliNative(name)];
  });
  fromLexicon("cyrillic", () => {
    const female = random() < 0.25;
    const name = female
      ? { ...russianName(random, true), given: pick(random, FEMALE_RUSSIAN) }
      : russianName(random, false);
    const patronymic = random() < 0.7;
    return [
      russianCyrillic(name, patronymic),
      russianLatin(random, name, patronymic),
      true,
      russianCyrillic(name),
    ];
  });
  fromBase(
    "initials",
    true,
    (base) => {
      const initial = (part: string) => `${part[0]}${random() < 0.7 ? "." : ""}`;
      const choice = random();
      if (choice < 0.5 || !hasMiddle(base)) {
        return render({
          ...base,
          given: base.given.map(initial),
          middle: random() < 0.5 ? [] : base.middle.map(initial),
        });
      }
      if (choice < 0.8) return render({ ...base, middle: base.middle.map(initial) });
      return render({ ...base, given: base.given.map(initial), middle: base.middle.map(initial) });
    },
    (base) => (base.given[0]?.length ?? 0) >= 3,
  );
  fromBase("reordered", true, (base) => {
    const given = [...base.given, ...base.middle].join(" ");
    const family = base.family.join(" ");
    const choice = random();
    if (choice < 0.4) return `${family.toUpperCase()}, ${given}`;
    if (choice < 0.7) return `${family}, ${given}`;
    return `${family} ${given}`;
  });
  fromBase(
    "partial",
    true,
    (base) => {
      if (hasMiddle(base) && random() < 0.7) {
        const dropped = Math.floor(random() * base.middle.length);
        return render({ ...base, middle: base.middle.filter((_, i) => i !== dropped) });
      }
      if (base.family.length > 1) return render({ ...base, family: base.family.slice(0, 1) });
      return undefined;
    },
    (base) => base.given.length + base.middle.length + base.family.length >= 3,
  );
  fromBase("honorific", true, (base) => `${pick(random, HONORIFICS)} ${render(base)}`);
  fromLexicon("patronymic", () => {
    if (random() < 0.5) {
      const name = russianName(random, false);
      const withIt = russianLatin(random, name, true);
      return [withIt, russianLatin(random, name, false), true, withIt];
    }
    const given = pick(random, pick(random, ARABIC_GIVEN));
    const father = pick(random, pick(random, ARABIC_GIVEN));
    const family = pick(random, ARABIC_FAMILY);
    const word = pick(random, PATRONYMIC_WORD);
    const withIt = `${given} ${word} ${father} ${family}`;
    const without = random() < 0.6 ? `${given} ${family}` : `${given} ${father} ${family}`;
    return given === father ? undefined : [withIt, without, true, withIt];
  });
  fromLexicon("joined", () => {
    if (random() < 0.3) {
      const given = pick(
        random,
        ARABIC_GIVEN.filter((names) => names.some((name) => name.includes(" "))),
      );
      const family = pick(random, ARABIC_FAMILY);
      const spaced = `${given[0]} ${family}`;
      const joined = `${(given[0] ?? "").replace(" ", random() < 0.5 ? "" : "-")} ${family.replace("-", random() < 0.5 ? " " : "")}`;
      return [spaced, joined, true, spaced];
    }
    const base = baseFrom((b) => b.given.length + b.middle.length + b.family.length >= 2);
    if (!base) return undefined;
    const hyphened = render(base).includes("-");
    if (hyphened)
      return [render(base), render(base).replace("-", random() < 0.5 ? " " : ""), true, render(base)];
    const parts = [...base.given, ...base.middle];
    if (parts.length >= 2 && (parts[1]?.length ?? 0) > 2 && !parts[1]?.includes(".") && random() < 0.5) {
      const given = `${parts[0]}-${parts[1]}`;
      return [render(base), [given, ...parts.slice(2), ...base.family].join(" "), true, render(base)];
    }
    const family = [...base.family];
    if (family.length >= 2) return [render(base), [...parts, family.join("-")].join(" "), true, render(base)];
    const other = otherOf(base, "family");
    if (!other) return undefined;
    const doubled = { ...base, family: [...base.family, ...other] };
    return [
      render(doubled),
      [...parts, `${base.family.join("")}-${other.join("")}`].join(" "),
      true,
      render(doubled),
    ];
  });

  // ── Negatives ──
  fromBase("other_family", false, (base) => {
    const family = otherOf(base, "family");
    return family ? render({ ...base, family }) : undefined;
  });
  fromBase("other_given", false, (base) => {
    const given = otherOf(base, "given");
    return given ? render({ ...base, given }) : undefined;
  });
  fromBase(
    "one_letter",
    false,
    (base) => {
      const near = pools.oneLetter.get(base.given[0] ?? "");
      const given = base.given[0] ?? "";
      return near ? render({ ...base, given: [upperLike(given, pick(random, near))] }) : undefined;
    },
    (base) => pools.oneLetter.has(base.given[0] ?? ""),
  );
  fromLexicon("gender", () => {
    if (random() < 0.3) {
      const name = { ...russianName(random, false), given: pick(random, FEMALE_RUSSIAN) };
      const patronymic = random() < 0.5;
      const him = russianLatin(random, name, patronymic);
      return [him, russianLatin(random, { ...name, female: true }, patronymic), false, him];
    }
    const base = baseFrom((b) => pools.genderPair.has(lower(b.given[0] ?? "")));
    if (!base) return undefined;
    const other = pools.genderPair.get(lower(base.given[0] ?? "")) ?? "";
    return [
      render(base),
      render({ ...base, given: [upperLike(base.given[0] ?? "", title(other))] }),
      false,
      render(base),
    ];
  });
  fromLexicon("father_son", () => {
    if (random() < 0.5) {
      const name = russianName(random, false);
      const father = pick(
        random,
        RUSSIAN_GIVEN.filter((other) => other !== name.father && other !== name.given),
      );
      const one = russianLatin(random, name);
      return [one, russianLatin(random, { ...name, father }), false, one];
    }
    const given = pick(random, pick(random, ARABIC_GIVEN));
    const family = pick(random, ARABIC_FAMILY);
    const word = pick(random, PATRONYMIC_WORD);
    const [f1, f2] = [pick(random, ARABIC_GIVEN), pick(random, ARABIC_GIVEN)];
    if (f1 === f2) return undefined;
    const one = `${given} ${word} ${pick(random, f1)} ${family}`;
    return [one, `${given} ${word} ${pick(random, f2)} ${family}`, false, one];
  });
  fromBase(
    "conflicting_initials",
    false,
    (base) => {
      const given = base.given[0] ?? "";
      if (hasMiddle(base) && random() < 0.4) {
        const letter = pick(
          random,
          LETTERS.split("").filter((l) => l !== lower(base.middle[0]?.[0] ?? "")),
        );
        return render({ ...base, middle: [`${upperLike(given, letter.toUpperCase())}.`] });
      }
      const other = otherOf(base, "given");
      if (!other || lower(other[0]?.[0] ?? "") === lower(given[0] ?? "")) return undefined;
      return render({ ...base, given: [`${other[0]?.[0]}.`], middle: [] });
    },
    (base) => (base.given[0]?.length ?? 0) >= 2,
  );
  fromLexicon("common_part", () => {
    const given = pick(random, pools.commonGiven);
    const withGiven = pools.byGiven.get(given) ?? [];
    if (withGiven.length < 2) {
      const arabic = pick(random, pick(random, ARABIC_GIVEN));
      const [x, y] = [pick(random, ARABIC_FAMILY), pick(random, ARABIC_GIVEN)];
      const other = random() < 0.5 ? pick(random, ARABIC_FAMILY) : pick(random, y);
      return x === other || arabic === other
        ? undefined
        : [`${arabic} ${x}`, `${arabic} ${other}`, false, `${arabic} ${x}`];
    }
    const [one, two] = [pick(random, withGiven), pick(random, withGiven)];
    if (!one || !two || lower(one.family.join(" ")) === lower(two.family.join(" "))) return undefined;
    const a = [given, ...one.family].join(" ");
    return [a, [given, ...two.family].join(" "), false, a];
  });
  fromLexicon("short", () => {
    const base = baseFrom(
      (b) =>
        b.middle.length === 0 &&
        [...b.given, ...b.family].every((part) => part.length <= 4 && part.length >= 2),
    );
    if (!base) return undefined;
    const field = random() < 0.5 ? "given" : "family";
    for (let tries = 0; tries < 30; tries++) {
      const other = otherOf(base, field);
      if (other?.every((part) => part.length <= 4))
        return [render(base), render({ ...base, [field]: other }), false, render(base)];
    }
    return undefined;
  });
  fromLexicon("script_other", () => {
    const name = nepaliName(random, random() < 0.3);
    const other =
      random() < 0.5
        ? {
            ...name,
            family: pick(
              random,
              NEPALI_FAMILY.filter((f) => f !== name.family),
            ),
          }
        : {
            ...name,
            given: pick(
              random,
              NEPALI_GIVEN.filter((g) => g !== name.given),
            ),
          };
    return [nepaliNative(name), nepaliLatin(random, other), false, nepaliNative(name)];
  });
  fromLexicon("random", () => {
    const [one, two] = [baseFrom(), baseFrom()];
    return one && two ? [render(one), render(two), false, render(one)] : undefined;
  });
  return pairs;
}
