// Nepal citizenship certificate (नेपाली नागरिकताको प्रमाण-पत्र) front: Devanagari text, Bikram Sambat
// dates written "साल … महिना … गते …" in Devanagari digits.

import type { Random } from "../seeded-random.js";
import { Canvas, guilloche } from "./canvas.js";
import { randomDateBetween, toBikramSambat, toDevanagariDigits } from "./dates.js";
import { createPerson, devanagariName } from "./people.js";
import type { SpecimenDraft } from "./specimen.js";

const TEXT = { size: 30, color: "#1b1b1b" } as const;

function bsPhrase(iso: string): string {
  const d = toBikramSambat(iso);
  return toDevanagariDigits(
    `साल ${d.year} महिना ${String(d.month).padStart(2, "0")} गते ${String(d.day).padStart(2, "0")}`,
  );
}

export async function drawCitizenship(
  random: Random,
  portrait: string,
  seed: number,
): Promise<SpecimenDraft> {
  const person = createPerson(random);
  const fullName = devanagariName([...person.given, person.surname]);
  const fatherName = devanagariName([...person.father.given, person.father.surname]);
  const number = `${random.int(10, 77)}-${random.digits(2)}-${random.int(60, 80)}-${random.digits(5)}`;
  const adult = Number(person.dateOfBirth.slice(0, 4)) + 16;
  const issueDate = randomDateBetween(random, Math.min(adult, 2023), 2023);
  const sex = person.sex === "M" ? "पुरुष" : "महिला";

  const c = new Canvas(1300, 860, "#f6f1e4").shape(guilloche(1300, 860, "#c9b48a", seed));
  c.shape(`<rect x="12" y="12" width="1276" height="836" fill="none" stroke="#8a2a2a" stroke-width="4"/>`)
    .text(560, 30, "नेपाल सरकार", { font: "sansBold", size: 34, color: "#8a2a2a" })
    .text(580, 80, "गृह मन्त्रालय", { size: 28, color: "#8a2a2a" })
    .text(470, 122, `जिल्ला प्रशासन कार्यालय, ${person.district.dev}`, { size: 28, color: "#8a2a2a" })
    .text(440, 172, "नेपाली नागरिकताको प्रमाण-पत्र", { font: "sansBold", size: 38, color: "#8a2a2a" })
    .image(50, 240, 230, 290, portrait)
    .text(330, 245, `ना.प्र.नं. : ${toDevanagariDigits(number)}`, { font: "sansBold", size: 32 })
    .text(330, 310, `नाम थर : ${fullName}`, TEXT)
    .text(950, 310, `लिङ्ग : ${sex}`, TEXT)
    .text(330, 370, `जन्म स्थान : जिल्ला ${person.birthDistrict.dev}`, TEXT)
    .text(330, 430, `स्थायी बासस्थान : जिल्ला ${person.district.dev}`, TEXT)
    .text(330, 490, `जन्म मिति : ${bsPhrase(person.dateOfBirth)}`, TEXT)
    .text(330, 550, `बाबुको नाम थर : ${fatherName}`, TEXT)
    .text(330, 610, `जारी मिति : ${bsPhrase(issueDate)}`, TEXT)
    .text(900, 740, "प्रमाणपत्र दिने अधिकारी", { size: 26 })
    .shape(`<path d="M 900 730 q 60 -50 120 0 t 120 -10" stroke="#223" stroke-width="2" fill="none"/>`);

  const dob = toBikramSambat(person.dateOfBirth);
  const issued = toBikramSambat(issueDate);
  return {
    type: "citizenship",
    canvas: c,
    hasPortrait: true,
    fields: {
      citizenship_number: number,
      full_name: fullName,
      sex: person.sex,
      date_of_birth: person.dateOfBirth,
      date_of_birth_bs: dob.iso,
      birth_district: person.birthDistrict.dev,
      permanent_district: person.district.dev,
      father_name: fatherName,
      issue_date: issueDate,
      issue_date_bs: issued.iso,
      issuing_district: person.district.dev,
    },
    translatedFields: {
      full_name: [...person.given, person.surname].map((p) => p.latin).join(" "),
      father_name: [...person.father.given, person.father.surname].map((p) => p.latin).join(" "),
      permanent_district: person.district.latin,
    },
  };
}
