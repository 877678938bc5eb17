// Company registration certificate (Office of the Company Registrar), an A4 page at ~120 dpi.

import type { Random } from "../seeded-random.js";
import { Canvas } from "./canvas.js";
import { randomDateBetween } from "./dates.js";
import { DISTRICTS } from "./people.js";
import type { SpecimenDraft } from "./specimen.js";

const FIRST = ["Himalayan", "Everest", "Sagarmatha", "Annapurna", "Gorkha", "Lumbini", "Janakpur"];
const SECOND = ["Trading", "Software", "Hydropower", "Agro", "Logistics", "Textiles", "Tea"];

export async function drawBusinessCertificate(random: Random): Promise<SpecimenDraft> {
  const company = `${random.pick(FIRST)} ${random.pick(SECOND)} Pvt. Ltd.`;
  const registration = `${random.int(10000, 299999)}/${random.int(70, 80)}/${random.int(71, 81)}`;
  const date = randomDateBetween(random, 2010, 2024);
  const district = random.pick(DISTRICTS).latin;
  const address = `${district}-${random.int(1, 32)}, Nepal`;
  const c = new Canvas(1000, 1300, "#fffdf7");
  c.shape(`<rect x="20" y="20" width="960" height="1260" fill="none" stroke="#7a5c1e" stroke-width="6"/>`)
    .text(380, 60, "नेपाल सरकार", { font: "sansBold", size: 34, color: "#7a5c1e" })
    .text(300, 110, "Government of Nepal", { font: "sansBold", size: 34, color: "#7a5c1e" })
    .text(170, 165, "Ministry of Industry, Commerce and Supplies", { size: 28 })
    .text(260, 210, "Office of the Company Registrar", { size: 30 })
    .text(200, 300, "CERTIFICATE OF INCORPORATION", { font: "sansBold", size: 40 })
    .text(80, 400, "This is to certify that", { size: 28 })
    .text(80, 450, company, { font: "sansBold", size: 36 })
    .text(80, 510, "has been incorporated as a private limited company", { size: 28 })
    .text(80, 550, "under the Companies Act, 2063.", { size: 28 })
    .text(80, 650, `Registration No.: ${registration}`, { font: "sansBold", size: 30 })
    .text(80, 710, `Registration Date: ${date}`, { size: 30 })
    .text(80, 770, `Registered Address: ${address}`, { size: 30 })
    .text(620, 1100, "Registrar", { size: 28 });
  return {
    type: "business_registration",
    canvas: c,
    hasPortrait: false,
    fields: { company_name: company, registration_number: registration, registration_date: date, address },
  };
}
