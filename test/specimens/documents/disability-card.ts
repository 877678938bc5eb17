// A Nepal disability identity card (अपाङ्गता परिचयपत्र): read by generic extraction only.

import type { Random } from "../seeded-random.js";
import { Canvas } from "./canvas.js";
import { createPerson, latinName } from "./people.js";
import type { SpecimenDraft } from "./specimen.js";

export async function drawDisabilityCard(random: Random, portrait: string): Promise<SpecimenDraft> {
  const person = createPerson(random);
  const fullName = latinName([...person.given, person.surname]).toUpperCase();
  const card = `${random.digits(2)}-${random.digits(6)}`;
  const kind = random.pick(["Physical", "Visual", "Hearing", "Intellectual"]);
  const c = new Canvas(1012, 640, "#dff0ff");
  c.shape(`<rect x="0" y="0" width="1012" height="110" fill="#2a6fb0"/>`)
    .text(300, 10, "अपाङ्गता परिचयपत्र", { font: "sansBold", size: 34, color: "#fff" })
    .text(260, 60, "Disability Identity Card", { font: "sansBold", size: 30, color: "#fff" })
    .image(30, 150, 210, 260, portrait)
    .text(280, 160, `Card No: ${card}`, { font: "sansBold", size: 30 })
    .text(280, 220, `Name: ${fullName}`, { size: 30 })
    .text(280, 280, `Disability Type: ${kind}`, { size: 30 })
    .text(280, 340, `District: ${person.district.latin}`, { size: 30 });
  return {
    type: "disability_id",
    canvas: c,
    hasPortrait: true,
    fields: { card_number: card, name: fullName, disability_type: kind, district: person.district.latin },
  };
}
