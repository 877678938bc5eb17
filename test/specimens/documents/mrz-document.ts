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

/**
 * How real documents print their MRZ, drawn from its own seed so the plain specimens stay as they were:
 * security print (dense guilloche, micro-text rosettes) running under the zone, no blank band; the
 * issuer's own character size and line spacing; the zone close to the card's edge; a line of text
 * (signature, address, remarks) right above it.
 */
export interface RealPrint {
  /** OCR-B size factor around the ICAO pitch (real zones run about ±10 %). */
  scale: number;
  /** Line spacing factor. */
  spacing: number;
  /** Gap from the last line to the card's bottom edge, px. */
  bottom: number;
  /** Extra shift of the zone to the left, px (0 = centred). */
  shiftLeft: number;
  /** Opacity of the pale band behind the zone (0: the pattern shows fully). */
  band: number;
  /** Pattern ink under the zone. */
  pattern: string;
  /** Text printed just above the zone. */
  above: string;
  aboveGap: number;
}

/**
 * Harder still, where the real-style print was friendlier than real documents: the issuer's printer runs
 * bold or thin (or faded), the security print under the zone is as dark as some issuers print it, and
 * the lamination catches a faint streak of light in every photograph (camera.ts draws the rest: JPEG
 * quality 50–70, characters 8–12 px high at low resolution). Drawn from its own seed.
 */
export interface HardPrint {
  /** Ink weight of the zone: bold prints each character twice `bold` px apart; thin prints it grey. */
  weight: "bold" | "thin" | "normal";
  bold: number;
  /** Opacity of the security print under the zone (real-style print uses 0.6). */
  patternOpacity: number;
}

export function drawHardPrint(random: Random): HardPrint {
  return {
    weight: random.pick(["bold", "thin", "normal"]),
    bold: random.int(1, 2),
    patternOpacity: random.between(0.7, 0.95),
  };
}

export function drawRealPrint(random: Random): RealPrint {
  return {
    scale: random.between(0.88, 1.12),
    spacing: random.between(0.78, 1.15),
    bottom: random.int(4, 22),
    shiftLeft: random.chance(0.4) ? random.int(10, 40) : 0,
    band: random.pick([0, 0, 0.25, 0.45]),
    pattern: random.pick(["#7890b8", "#b87888", "#78b088", "#a09060", "#8a78b8"]),
    above: random.pick([
      "SIGNATURE OF BEARER / SIGNATURE DU TITULAIRE",
      "Adresse / Address: 12 RUE DES LILAS 75011 PARIS",
      "REMARKS: NONE  AUTHORITY: MINISTRY OF INTERIOR",
      "Ort / Place of issue: BERLIN   Behörde: STADT BERLIN",
      "This document remains the property of the issuing state",
    ]),
    aboveGap: random.int(6, 20),
  };
}

/** Dense security print: crossing sine families and rosettes, dark enough to survive a threshold. */
function securityPrint(
  width: number,
  height: number,
  top: number,
  color: string,
  seed: number,
  opacity = 0.6,
): string {
  const paths: string[] = [];
  for (let i = 0; i < 40; i++) {
    const base = top + ((i + 0.5) * (height - top)) / 40;
    const amp = 4 + ((seed + i * 5) % 9);
    const period = 18 + ((seed * 7 + i * 13) % 40);
    let d = `M 0 ${base.toFixed(1)}`;
    for (let x = 0; x <= width; x += 4) {
      const y = base + amp * Math.sin((x / period) * Math.PI * 2 + i * 0.7);
      d += ` L ${x} ${y.toFixed(1)}`;
    }
    paths.push(
      `<path d="${d}" stroke="${color}" stroke-width="${(0.8 + (i % 3) * 0.4).toFixed(1)}" fill="none" opacity="${opacity.toFixed(2)}"/>`,
    );
  }
  for (let k = 0; k < 6; k++) {
    const cx = ((k + 0.5) * width) / 6;
    const cy = top + (height - top) * (0.3 + 0.4 * ((seed + k) % 2));
    for (let r = 6; r < 60; r += 7)
      paths.push(
        `<circle cx="${cx}" cy="${cy}" r="${r}" stroke="${color}" stroke-width="1" fill="none" opacity="0.5"/>`,
      );
  }
  return paths.join("");
}

export function drawMrzDocument(
  random: Random,
  format: SpecimenMrzFormat,
  portrait: string,
  seed: number,
  person = createMrzPerson(random, format),
  mrz = buildMrz(format, person),
  real?: RealPrint,
  hard?: HardPrint,
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
  // The whole zone stays on the card, however large the issuer prints it.
  const scale = Math.min(real?.scale ?? 1, (g.width - 16) / (mrz[0]!.length * PITCH));
  const lineStep = Math.round((mrz.length === 3 ? 46 : 58) * scale * (real?.spacing ?? 1));
  // Pango's line box is ~1.2 em; `bottom` is the gap under the last line's glyphs.
  const glyphBottom = Math.round(MRZ_FONT_SIZE * scale * 0.95);
  const top = real
    ? g.height - (mrz.length - 1) * lineStep - glyphBottom - real.bottom
    : g.height - mrz.length * lineStep - 24;
  const zoneWidth = mrz[0]!.length * PITCH * scale;
  const left = Math.round(
    Math.min(
      g.width - zoneWidth - 6,
      Math.max(6, (g.width - zoneWidth) / 2 + random.between(-8, 8) - (real?.shiftLeft ?? 0)),
    ),
  );
  if (real) {
    c.shape(
      securityPrint(g.width, g.height, Math.round(g.height * 0.55), real.pattern, seed, hard?.patternOpacity),
    );
    if (real.band > 0)
      c.shape(
        `<rect x="0" y="${top - 10}" width="${g.width}" height="${g.height - top + 10}" fill="#f7f7f2" opacity="${real.band}"/>`,
      );
    c.text(Math.max(8, left), top - real.aboveGap - 20, real.above, { size: 17, color: "#333" });
  } else {
    c.shape(
      `<rect x="0" y="${top - 14}" width="${g.width}" height="${g.height - top + 14}" fill="#f7f7f2" opacity="0.85"/>`,
    );
  }
  const size = MRZ_FONT_SIZE * scale;
  mrz.forEach((line, i) => {
    const y = top + i * lineStep;
    if (hard?.weight === "thin") c.text(left, y, line, { font: "ocrb", size, color: "#5a5a5a" });
    else c.text(left, y, line, { font: "ocrb", size, color: "#111" });
    if (hard?.weight === "bold") c.text(left + hard.bold, y, line, { font: "ocrb", size, color: "#111" });
  });
  return { canvas: c, mrz, person, portraitBox: photo };
}
