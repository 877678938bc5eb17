// TD3 passport data page (125 × 88 mm at 10 px/mm) with a correct MRZ.

import type { Random } from "../seeded-random.js";
import { Canvas, guilloche } from "./canvas.js";
import { addYears, randomDateBetween, visualDate } from "./dates.js";
import { buildTd3 } from "./mrz-lines.js";
import { createPerson, latinName } from "./people.js";
import type { SpecimenDraft } from "./specimen.js";

const LABEL = { size: 17, color: "#4a4a6a" } as const;
const VALUE = { size: 27, font: "sansBold" as const, color: "#111" };

export async function drawPassport(
  random: Random,
  portrait: string,
  seed: number,
  /** `mrzFont: "ocrb"` prints the MRZ in OCR-B at the ICAO pitch (2.54 mm), as real passports are; the
   * default monospaced font keeps the specimens the tests were written on unchanged. */
  options: { corruptMrz?: boolean; mrzFont?: "mono" | "ocrb" } = {},
): Promise<SpecimenDraft> {
  const person = createPerson(random);
  const surname = person.surname.latin.toUpperCase();
  const givenNames = latinName(person.given).toUpperCase();
  const documentNumber = `${random.pick(["PA", "PB", "PC"])}${random.digits(7)}`;
  const issueDate = randomDateBetween(random, 2016, 2024);
  const expiryDate = addYears(issueDate, 10);
  const mrz = buildTd3({
    issuingState: "NPL",
    surname,
    givenNames,
    documentNumber,
    nationality: "NPL",
    dateOfBirth: person.dateOfBirth,
    sex: person.sex,
    expiryDate,
  });

  if (options.corruptMrz) {
    const wrong = String((Number(mrz[1][9]) + 3) % 10);
    mrz[1] = mrz[1].slice(0, 9) + wrong + mrz[1].slice(10);
  }
  const c = new Canvas(1250, 880, "#eef1ea").shape(guilloche(1250, 880, "#9fb7c9", seed));
  c.text(60, 28, "नेपाल", { font: "sansBold", size: 30, color: "#7a1f2b" })
    .text(180, 32, "NEPAL", { font: "sansBold", size: 30, color: "#7a1f2b" })
    .text(760, 28, "राहदानी", { font: "sansBold", size: 30, color: "#7a1f2b" })
    .text(900, 32, "PASSPORT", { font: "sansBold", size: 30, color: "#7a1f2b" })
    .image(60, 150, 300, 380, portrait);

  const rows: [string, string, number, number][] = [
    ["Type / प्रकार", "P", 420, 110],
    ["Country Code / देश कोड", "NPL", 620, 110],
    ["Passport No. / राहदानी नं.", documentNumber, 900, 110],
    ["Surname / थर", surname, 420, 190],
    ["Given Names / नाम", givenNames, 420, 270],
    ["Nationality / राष्ट्रियता", "NEPALI", 420, 350],
    ["Sex / लिङ्ग", person.sex, 900, 350],
    ["Date of Birth / जन्म मिति", visualDate(person.dateOfBirth), 420, 430],
    ["Place of Birth / जन्म स्थान", person.birthDistrict.latin.toUpperCase(), 800, 430],
    ["Date of Issue / जारी मिति", visualDate(issueDate), 420, 510],
    ["Date of Expiry / समाप्ति मिति", visualDate(expiryDate), 800, 510],
    ["Issuing Authority / जारी गर्ने निकाय", "MOFA, DEPARTMENT OF PASSPORTS", 420, 590],
  ];
  for (const [label, value, x, y] of rows) {
    c.text(x, y, label, LABEL).text(x, y + 26, value, VALUE);
  }
  c.shape(`<rect x="0" y="690" width="1250" height="190" fill="#f7f7f2"/>`);
  // spec (research/ocr.md): 24–36 px per character reads best; 44 columns over ~1150 px is a 26 px pitch.
  for (const [i, line] of mrz.entries()) {
    if (options.mrzFont === "ocrb")
      c.text(42, 712 + i * 78, line, { font: "ocrb", size: 34.6, color: "#111" });
    else c.text(42, 712 + i * 78, line, { font: "mono", size: 42, color: "#111", letterSpacing: 0.8 });
  }

  return {
    type: "passport",
    canvas: c,
    hasPortrait: true,
    portraitBox: { x: 60, y: 150, width: 300, height: 380 },
    fields: {
      document_number: documentNumber,
      surname,
      given_names: givenNames,
      nationality: "NPL",
      issuing_country: "NPL",
      date_of_birth: person.dateOfBirth,
      sex: person.sex,
      expiry_date: expiryDate,
      issue_date: issueDate,
    },
    mrz,
  };
}
