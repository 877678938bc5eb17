// An Aadhaar-like card (invented person, 12-digit number with a valid Verhoeff check digit).

import type { Random } from "../seeded-random.js";
import { Canvas, guilloche } from "./canvas.js";
import { dayFirstDate, randomDateBetween } from "./dates.js";
import type { SpecimenDraft } from "./specimen.js";

const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

function verhoeffDigit(digits: string): string {
  let c = 0;
  const reversed = [...digits].reverse();
  for (let i = 0; i < reversed.length; i++) c = D[c]![P[(i + 1) % 8]![Number(reversed[i])]!]!;
  return String(INV[c]);
}

const NAMES = ["Rahul Sharma", "Priya Verma", "Amit Kumar", "Sunita Devi", "Vikram Singh", "Anjali Gupta"];

export async function drawAadhaarCard(
  random: Random,
  portrait: string,
  seed: number,
): Promise<SpecimenDraft> {
  const name = random.pick(NAMES);
  const female = /Priya|Sunita|Anjali/.test(name);
  const dob = randomDateBetween(random, 1960, 2004);
  const body = `${random.int(2, 9)}${random.digits(10)}`;
  const number = body + verhoeffDigit(body);
  const spaced = `${number.slice(0, 4)} ${number.slice(4, 8)} ${number.slice(8)}`;
  const c = new Canvas(1012, 640, "#ffffff").shape(guilloche(1012, 640, "#f0b070", seed));
  c.shape(`<rect x="0" y="0" width="1012" height="90" fill="#f7931e"/>`)
    .text(330, 6, "भारत सरकार", { font: "sansBold", size: 30, color: "#222" })
    .text(300, 46, "Government of India", { font: "sansBold", size: 30, color: "#222" })
    .image(40, 130, 220, 270, portrait)
    .text(300, 150, name, { font: "sansBold", size: 32 })
    .text(300, 210, `DOB: ${dayFirstDate(dob, "/")}`, { size: 30 })
    .text(300, 266, female ? "FEMALE" : "MALE", { size: 30 })
    .text(300, 430, spaced, { font: "sansBold", size: 52 })
    .shape(`<rect x="0" y="540" width="1012" height="4" fill="#d62f2f"/>`)
    .text(330, 560, "मेरा आधार, मेरी पहचान", { font: "sansBold", size: 32, color: "#d62f2f" });
  return {
    type: "aadhaar",
    canvas: c,
    hasPortrait: true,
    fields: {
      aadhaar_number: number,
      full_name: name.toUpperCase(),
      date_of_birth: dob,
      sex: female ? "F" : "M",
    },
  };
}
