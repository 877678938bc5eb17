// Nepal smart driving licence (Department of Transport Management), front.

import type { Random } from "../seeded-random.js";
import { Canvas, guilloche } from "./canvas.js";
import { addYears, dayFirstDate, randomDateBetween } from "./dates.js";
import { createPerson, latinName } from "./people.js";
import type { SpecimenDraft } from "./specimen.js";

const CATEGORY_SETS = ["A", "B", "A, B", "B, K", "A, K", "C", "B, C"];

export async function drawDrivingLicence(
  random: Random,
  portrait: string,
  seed: number,
): Promise<SpecimenDraft> {
  const person = createPerson(random);
  const fullName = latinName([...person.given, person.surname]).toUpperCase();
  const number = `${random.digits(2)}-${random.digits(2)}-${random.digits(8)}`;
  const issueDate = randomDateBetween(random, 2015, 2024);
  const expiryDate = addYears(issueDate, 5);
  const categories = random.pick(CATEGORY_SETS);
  const blood = random.pick(["A+", "B+", "O+", "AB+", "O-"]);
  const c = new Canvas(1012, 640, "#f3f0e6").shape(guilloche(1012, 640, "#b7a98a", seed));
  c.shape(`<rect x="0" y="0" width="1012" height="112" fill="#9b1c1c"/>`)
    .text(250, 8, "Government of Nepal", { font: "sansBold", size: 30, color: "#fff" })
    .text(250, 56, "Department of Transport Management", { size: 26, color: "#fff" })
    .text(330, 122, "DRIVING LICENSE", { font: "sansBold", size: 32, color: "#9b1c1c" })
    .image(30, 180, 220, 280, portrait)
    .text(280, 180, `D.L.No.: ${number}`, { font: "sansBold", size: 30 })
    .text(280, 232, `Name: ${fullName}`, { font: "sansBold", size: 28 })
    .text(280, 280, `Address: ${person.district.latin.toUpperCase()}`, { size: 26 })
    .text(280, 326, `D.O.B.: ${dayFirstDate(person.dateOfBirth)}`, { size: 26 })
    .text(680, 326, `B.G.: ${blood}`, { size: 26 })
    .text(280, 372, `Category: ${categories}`, { font: "sansBold", size: 28 })
    .text(280, 420, `D.O.I.: ${dayFirstDate(issueDate)}`, { size: 26 })
    .text(620, 420, `D.O.E.: ${dayFirstDate(expiryDate)}`, { size: 26 })
    .text(280, 470, `Citizenship No.: ${random.digits(2)}-${random.digits(2)}-${random.digits(5)}`, {
      size: 24,
    });
  return {
    type: "drivers_license",
    canvas: c,
    hasPortrait: true,
    fields: {
      license_number: number,
      full_name: fullName,
      date_of_birth: person.dateOfBirth,
      categories: categories.replace(/\s/g, ""),
      issue_date: issueDate,
      expiry_date: expiryDate,
      blood_group: blood,
    },
  };
}
