// Synthetic identity documents with their ground truth. No real identity documents are used: names,
// numbers and layouts are invented; portraits come from the shared test faces.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createRandom, type Random } from "../seeded-random.js";
import { drawAadhaarCard } from "./aadhaar-card.js";
import { drawBusinessCertificate } from "./business-certificate.js";
import { drawCitizenship } from "./citizenship.js";
import { applyDegradation, drawDegradation } from "./degrade.js";
import { drawDisabilityCard } from "./disability-card.js";
import { drawDrivingLicence } from "./driving-licence.js";
import { drawPanCard } from "./pan-card.js";
import { drawPassport } from "./passport.js";
import type { Specimen, SpecimenDraft, SpecimenType } from "./specimen.js";

const FACES_DIR = fileURLToPath(new URL("../../../../shared/data/faces/deepface/", import.meta.url));
const PORTRAITS = readdirSync(FACES_DIR)
  .filter((f) => /^img\d+\.jpg$/.test(f))
  .sort()
  .map((f) => `${FACES_DIR}${f}`);

type Drawer = (
  random: Random,
  portrait: string,
  seed: number,
  options: GenerateOptions,
) => Promise<SpecimenDraft>;

const DRAWERS: Record<SpecimenType, Drawer> = {
  passport: drawPassport,
  citizenship: drawCitizenship,
  pan: drawPanCard,
  drivers_license: drawDrivingLicence,
  aadhaar: drawAadhaarCard,
  disability_id: drawDisabilityCard,
  business_registration: drawBusinessCertificate,
};

export const SPECIMEN_TYPES = Object.keys(DRAWERS) as SpecimenType[];

export interface GenerateOptions {
  /** Apply camera-like degradation (default true). */
  degrade?: boolean;
  /** Passports only: print a wrong document-number check digit (a genuinely invalid MRZ). */
  corruptMrz?: boolean;
}

export async function generateSpecimen(
  type: SpecimenType,
  seed: number,
  options: GenerateOptions = {},
): Promise<Specimen> {
  const draw = DRAWERS[type];
  const random = createRandom(seed * 7919 + type.length);
  const draft = await draw(random, random.pick(PORTRAITS), seed, options);
  const png = await draft.canvas.toPng();
  const degradation = options.degrade === false ? null : drawDegradation(random);
  const image = degradation ? await applyDegradation(png, degradation, random) : png;
  return {
    type,
    seed,
    image,
    hasPortrait: draft.hasPortrait,
    fields: draft.fields,
    translatedFields: draft.translatedFields ?? {},
    mrz: draft.mrz,
    degradation,
  };
}
