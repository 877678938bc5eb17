// Realistic MRZ documents of every format, photographed under one capture condition, with their ground
// truth (the printed MRZ lines and the fields a reader should return).
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createRandom } from "../seeded-random.js";
import { type Capture, type CaptureCondition, photograph } from "./camera.js";
import { drawHardPrint, drawMrzDocument, drawRealPrint } from "./mrz-document.js";
import { buildMrz, type MrzPerson, type SpecimenMrzFormat } from "./mrz-formats.js";
import { overprintSpecimen } from "./specimen-stamp.js";

const FACES_DIR = fileURLToPath(new URL("../../../../shared/data/faces/deepface/", import.meta.url));
const PORTRAITS = readdirSync(FACES_DIR)
  .filter((f) => /^img\d+\.jpg$/.test(f))
  .sort()
  .map((f) => `${FACES_DIR}${f}`);

export interface MrzSpecimen {
  format: SpecimenMrzFormat;
  seed: number;
  image: Buffer;
  /** The clean rendering before the camera. */
  clean: Buffer;
  mrz: string[];
  fields: Record<string, string>;
  capture: Capture;
}

export interface MrzSpecimenOptions {
  /** Print these lines instead of the drawn person's (e.g. the ICAO specimen). */
  mrz?: string[];
  person?: MrzPerson;
  /** Print the way real documents do (security print under the zone, varied size and spacing, tight
   * margins, text above the zone; glare as a lamination streak). */
  real?: boolean;
  /** Harder than `real` (implies it): bold, thin or faded print, darker security print under the zone,
   * a faint lamination streak in every photograph, JPEG 50–70, 8–12 px characters at low resolution. */
  hard?: boolean;
  /** Overprint the word SPECIMEN across the page, as published specimens of real documents carry it. */
  stamp?: boolean;
}

/** The fields as the printed MRZ holds them (names cut to their field's width). */
function expectedFields(p: MrzPerson, format: SpecimenMrzFormat, mrz: string[]): Record<string, string> {
  const words = (s: string) => s.replace(/</g, " ").replace(/\s+/g, " ").trim();
  let surname: string;
  let given: string;
  if (format === "FRENCH_ID") {
    surname = words(mrz[0]!.slice(5, 30));
    given = words(mrz[1]!.slice(13, 27));
  } else {
    const names = format === "TD1" ? mrz[2]! : mrz[0]!.slice(5);
    const split = names.indexOf("<<");
    surname = words(split < 0 ? names : names.slice(0, split));
    given = split < 0 ? "" : words(names.slice(split + 2));
  }
  return {
    document_number: p.documentNumber.replace(/</g, ""),
    surname,
    ...(given ? { given_names: given } : {}),
    date_of_birth: p.dateOfBirth,
    sex: p.sex,
    ...(format === "FRENCH_ID" ? {} : { expiry_date: p.expiryDate }),
  };
}

export async function generateMrzSpecimen(
  format: SpecimenMrzFormat,
  seed: number,
  condition: CaptureCondition,
  options: MrzSpecimenOptions = {},
): Promise<MrzSpecimen> {
  const random = createRandom(seed * 6151 + format.length * 31 + condition.length);
  const portrait = random.pick(PORTRAITS);
  const real =
    options.real || options.hard ? drawRealPrint(createRandom(seed * 7919 + format.length)) : undefined;
  const hard = options.hard ? drawHardPrint(createRandom(seed * 104_729 + format.length)) : undefined;
  const draft = options.person
    ? drawMrzDocument(
        random,
        format,
        portrait,
        seed,
        options.person,
        options.mrz ?? buildMrz(format, options.person),
        real,
        hard,
      )
    : drawMrzDocument(random, format, portrait, seed, undefined, options.mrz, real, hard);
  const drawn = await draft.canvas.toPng();
  const clean = options.stamp
    ? await overprintSpecimen(drawn, createRandom(seed * 7577 + format.length * 13 + 1))
    : drawn;
  const { image, capture } = await photograph(
    clean,
    condition,
    random,
    Boolean(real),
    hard ? createRandom(seed * 15_485_863 + format.length + condition.length) : undefined,
  );
  return {
    format,
    seed,
    image,
    clean,
    mrz: draft.mrz,
    fields: expectedFields(draft.person, format, draft.mrz),
    capture,
  };
}
