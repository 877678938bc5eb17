// Invented people: Nepali name parts in Devanagari with their usual Latin spelling. No real identities.
import type { Random } from "../seeded-random.js";

export interface NamePart {
  dev: string;
  latin: string;
}

export const GIVEN_NAMES_MALE: readonly NamePart[] = [
  { dev: "राम", latin: "Ram" },
  { dev: "हरि", latin: "Hari" },
  { dev: "कृष्ण", latin: "Krishna" },
  { dev: "बिकास", latin: "Bikas" },
  { dev: "सुरेश", latin: "Suresh" },
  { dev: "दिपक", latin: "Dipak" },
  { dev: "गणेश", latin: "Ganesh" },
  { dev: "प्रकाश", latin: "Prakash" },
  { dev: "सन्तोष", latin: "Santosh" },
  { dev: "मदन", latin: "Madan" },
];

export const GIVEN_NAMES_FEMALE: readonly NamePart[] = [
  { dev: "सीता", latin: "Sita" },
  { dev: "गीता", latin: "Gita" },
  { dev: "सरिता", latin: "Sarita" },
  { dev: "कमला", latin: "Kamala" },
  { dev: "अनिता", latin: "Anita" },
  { dev: "सुनिता", latin: "Sunita" },
  { dev: "पुष्पा", latin: "Pushpa" },
  { dev: "लक्ष्मी", latin: "Laxmi" },
];

export const MIDDLE_NAMES: readonly NamePart[] = [
  { dev: "बहादुर", latin: "Bahadur" },
  { dev: "प्रसाद", latin: "Prasad" },
  { dev: "कुमार", latin: "Kumar" },
];

export const SURNAMES: readonly NamePart[] = [
  { dev: "श्रेष्ठ", latin: "Shrestha" },
  { dev: "थापा", latin: "Thapa" },
  { dev: "गुरुङ", latin: "Gurung" },
  { dev: "तामाङ", latin: "Tamang" },
  { dev: "अधिकारी", latin: "Adhikari" },
  { dev: "पौडेल", latin: "Paudel" },
  { dev: "खड्का", latin: "Khadka" },
  { dev: "मगर", latin: "Magar" },
  { dev: "राई", latin: "Rai" },
  { dev: "कार्की", latin: "Karki" },
];

export const DISTRICTS: readonly NamePart[] = [
  { dev: "काठमाडौं", latin: "Kathmandu" },
  { dev: "ललितपुर", latin: "Lalitpur" },
  { dev: "भक्तपुर", latin: "Bhaktapur" },
  { dev: "कास्की", latin: "Kaski" },
  { dev: "चितवन", latin: "Chitwan" },
  { dev: "मोरङ", latin: "Morang" },
  { dev: "झापा", latin: "Jhapa" },
  { dev: "रुपन्देही", latin: "Rupandehi" },
];

export interface Person {
  sex: "M" | "F";
  given: NamePart[];
  surname: NamePart;
  father: { given: NamePart[]; surname: NamePart };
  /** ISO date. */
  dateOfBirth: string;
  birthDistrict: NamePart;
  district: NamePart;
}

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function randomIsoDate(random: Random, fromYear: number, toYear: number): string {
  return isoDate(random.int(fromYear, toYear), random.int(1, 12), random.int(1, 28));
}

export function createPerson(random: Random): Person {
  const sex = random.next() < 0.5 ? "M" : "F";
  const first = random.pick(sex === "M" ? GIVEN_NAMES_MALE : GIVEN_NAMES_FEMALE);
  const given = sex === "M" && random.next() < 0.6 ? [first, random.pick(MIDDLE_NAMES)] : [first];
  const surname = random.pick(SURNAMES);
  const fatherGiven = [random.pick(GIVEN_NAMES_MALE), random.pick(MIDDLE_NAMES)];
  return {
    sex,
    given,
    surname,
    father: { given: fatherGiven, surname },
    dateOfBirth: randomIsoDate(random, 1960, 2004),
    birthDistrict: random.pick(DISTRICTS),
    district: random.pick(DISTRICTS),
  };
}

export function latinName(parts: NamePart[]): string {
  return parts.map((p) => p.latin).join(" ");
}

export function devanagariName(parts: NamePart[]): string {
  return parts.map((p) => p.dev).join(" ");
}
