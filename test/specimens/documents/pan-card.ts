// Nepal PAN card (Inland Revenue Department): bilingual header, a 9-digit Permanent Account Number.

import type { Random } from "../seeded-random.js";
import { Canvas, guilloche } from "./canvas.js";
import { randomDateBetween } from "./dates.js";
import { createPerson, latinName } from "./people.js";
import type { SpecimenDraft } from "./specimen.js";

export async function drawPanCard(random: Random, portrait: string, seed: number): Promise<SpecimenDraft> {
  const person = createPerson(random);
  const fullName = latinName([...person.given, person.surname]).toUpperCase();
  const pan = `${random.int(1, 6)}${random.digits(8)}`;
  const issueDate = randomDateBetween(random, 2012, 2024);
  const address = `${person.district.latin.toUpperCase()}-${random.int(1, 32)}`;
  const c = new Canvas(1012, 640, "#e9f0f7").shape(guilloche(1012, 640, "#8fb0d0", seed));
  c.shape(`<rect x="0" y="0" width="1012" height="120" fill="#1f4e8c"/>`)
    .text(30, 12, "नेपाल सरकार  Government of Nepal", { font: "sansBold", size: 30, color: "#ffffff" })
    .text(30, 62, "आन्तरिक राजस्व विभाग  Inland Revenue Department", { size: 26, color: "#ffffff" })
    .text(30, 140, "स्थायी लेखा नम्बर  Permanent Account Number (PAN)", {
      font: "sansBold",
      size: 26,
      color: "#1f4e8c",
    })
    .image(760, 200, 200, 250, portrait)
    .text(30, 200, "PAN No.", { size: 24, color: "#444" })
    .text(30, 232, pan.split("").join(" "), { font: "sansBold", size: 44 })
    .text(30, 310, `Name: ${fullName}`, { font: "sansBold", size: 30 })
    .text(30, 370, `Address: ${address}`, { size: 28 })
    .text(30, 430, `Issue Date: ${issueDate}`, { size: 28 })
    .text(30, 560, "Taxpayer copy - keep safe", { size: 20, color: "#555" });
  return {
    type: "pan",
    canvas: c,
    hasPortrait: true,
    fields: { pan_number: pan, full_name: fullName, address, issue_date: issueDate },
  };
}
