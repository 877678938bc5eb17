// Realistic machine-readable documents of every MRZ format with the MRZ printed in OCR-B at the ICAO
// pitch (10 characters per inch, 2.54 mm; drawn at 10 px/mm): passport pages (TD3), visas (MRV-A,
// MRV-B), ID cards (TD1, TD2) and the French ID card, with varied colours, layouts and invented people
// of many countries. Photographed by camera.ts.
import type { Random } from "../seeded-random.js";
import { Canvas, guilloche } from "./canvas.js";
import { addYears, randomDateBetween, visualDate } from "./dates.js";
import { buildMrz, type MrzPerson, type SpecimenMrzFormat } from "./mrz-formats.js";

export const MRZ_FORMATS: SpecimenMrzFormat[] = ["TD3", "TD1", "TD2", "MRVA", "MRVB", "FRENCH_ID"];

const SURNAMES = [
  "JOHANSSON",
  "MUELLER",
  "GARCIA LOPEZ",
  "NGUYEN",
  "KOWALSKI",
  "OKAFOR",
  "XAVIER",
  "QUINN",
  "YAMAMOTO",
  "ZIELINSKI",
  "DUBOIS",
  "FITZGERALD",
  "VAN DER BERG",
  "HAJIYEV",
  "PETROV",
  "WOJCIK",
  "BJORK",
  "SHARMA",
  "OYELARAN",
  "KIM",
  "DA SILVA",
  "JUAREZ",
  "VUKOVIC",
  "EKSTROM",
  "QUAYE",
  "AL ZAHRANI",
  "PAPADOPOULOS",
];
const GIVEN = [
  "ANNA",
  "MARIA",
  "JOHN",
  "PIOTR",
  "CHIOMA",
  "XIAN",
  "QUENTIN",
  "YUKI",
  "ZOFIA",
  "WERNER",
  "FATIMA",
  "JOSE LUIS",
  "HELGA",
  "KWAME",
  "DMITRI",
  "VALENTINA",
  "BJORN",
  "PRIYA",
  "AHMED",
  "OLUWASEUN",
  "LUCAS",
];
const STATES = [
  "UTO",
  "DEU",
  "FRA",
  "GBR",
  "NLD",
  "POL",
  "ESP",
  "SWE",
  "NGA",
  "JPN",
  "USA",
  "IND",
  "BRA",
  "D<<",
];
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

interface Geometry {
  width: number;
  height: number;
  code: string;
  title: string;
}

const GEOMETRY: Record<SpecimenMrzFormat, Geometry> = {
  TD3: { width: 1250, height: 880, code: "P", title: "PASSPORT" },
  MRVA: { width: 1200, height: 820, code: "V", title: "VISA" },
  TD2: { width: 1050, height: 740, code: "I", title: "IDENTITY CARD" },
  MRVB: { width: 1050, height: 740, code: "V", title: "VISA" },
  FRENCH_ID: { width: 1050, height: 740, code: "ID", title: "CARTE NATIONALE D'IDENTITE" },
  TD1: { width: 856, height: 540, code: "I", title: "IDENTITY CARD" },
};

/** OCR-B's advance is 0.733 em at 72 dpi: this size puts the characters on the 25.4 px pitch. */
const MRZ_FONT_SIZE = 34.6;
const PITCH = 25.4;

function alnum(random: Random, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += ALNUM[random.int(0, ALNUM.length - 1)];
  return s;
}

export function createMrzPerson(random: Random, format: SpecimenMrzFormat): MrzPerson {
  const issue = randomDateBetween(random, 2016, 2025);
  const dateOfBirth = randomDateBetween(random, 1940, 2007);
  const state = format === "FRENCH_ID" ? "FRA" : random.pick(STATES);
  const sex = random.chance(0.5) ? "M" : "F";
  const documentNumber =
    format === "FRENCH_ID"
      ? `${issue.slice(2, 4)}${issue.slice(5, 7)}${random.digits(3)}${random.digits(5)}`
      : `${random.pick(["", "X", "C"])}${alnum(random, 2)}${random.digits(6)}`.slice(0, 9);
  const given = random.chance(0.3) ? `${random.pick(GIVEN)} ${random.pick(GIVEN)}` : random.pick(GIVEN);
  return {
    documentCode: format === "TD1" && random.chance(0.2) ? "IR" : GEOMETRY[format].code,
    issuingState: state,
    surname: random.pick(SURNAMES),
    givenNames: given,
    documentNumber,
    nationality: random.chance(0.85) ? state : random.pick(STATES),
    dateOfBirth,
    sex,
    expiryDate: addYears(issue, random.pick([5, 10])),
    optional: random.chance(0.4) ? alnum(random, random.int(3, 7)) : undefined,
  };
}

export interface MrzDraft {
  canvas: Canvas;
  mrz: string[];
  person: MrzPerson;
  portraitBox: { x: number; y: number; width: number; height: number };
}

export function drawMrzDocument(
  random: Random,
  format: SpecimenMrzFormat,
  portrait: string,
  seed: number,
  person = createMrzPerson(random, format),
  mrz = buildMrz(format, person),
): MrzDraft {
  const g = GEOMETRY[format];
  const tint = random.pick(["#eef1ea", "#f3ece4", "#e8eef5", "#f5f0f7", "#eaf4ef"]);
  const ink = random.pick(["#7a1f2b", "#1f3f7a", "#1f5a3a", "#4a2a6a"]);
  const c = new Canvas(g.width, g.height, tint).shape(
    guilloche(g.width, g.height, random.pick(["#9fb7c9", "#c9a99f", "#a9c99f"]), seed),
  );
  const s = g.width / 1250;
  c.text(Math.round(60 * s), 24, g.title, { font: "sansBold", size: Math.round(30 * s + 4), color: ink });
  const photo = {
    x: Math.round(50 * s),
    y: Math.round(120 * s),
    width: Math.round(260 * s),
    height: Math.round(330 * s),
  };
  c.image(photo.x, photo.y, photo.width, photo.height, portrait);
  const label = { size: Math.round(15 * s + 4), color: "#4a4a6a" } as const;
  const value = { size: Math.round(22 * s + 6), font: "sansBold" as const, color: "#111" };
  const rows: [string, string][] = [
    ["Surname / Nom", person.surname],
    ["Given names / Prénoms", person.givenNames],
    ["Date of birth", visualDate(person.dateOfBirth)],
    ["Document No.", person.documentNumber],
    ["Date of expiry", visualDate(person.expiryDate)],
  ];
  const x = photo.x + photo.width + Math.round(40 * s);
  const rowStep = Math.round((g.height * 0.62 - 110) / rows.length);
  rows.forEach(([l, v], i) => {
    const y = Math.round(90 * s) + i * rowStep;
    c.text(x, y, l, label).text(x, y + label.size + 4, v, value);
  });
  // The MRZ band: 2 or 3 lines at the bottom, left margin as the formats print it.
  const lineStep = mrz.length === 3 ? 46 : 58;
  const top = g.height - mrz.length * lineStep - 24;
  const left = Math.round((g.width - mrz[0]!.length * PITCH) / 2 + random.between(-8, 8));
  c.shape(
    `<rect x="0" y="${top - 14}" width="${g.width}" height="${g.height - top + 14}" fill="#f7f7f2" opacity="0.85"/>`,
  );
  mrz.forEach((line, i) => {
    c.text(left, top + i * lineStep, line, { font: "ocrb", size: MRZ_FONT_SIZE, color: "#111" });
  });
  return { canvas: c, mrz, person, portraitBox: photo };
}
