// Seeded, reproducible signature specimens for tests and benchmarks: several synthetic writers,
// genuine variants of each, skilled forgeries of each (random forgeries are other writers' genuines).

import { createRandom, mixSeed } from "../seeded-random.js";
import { type Conditions, renderSpecimen, sampleConditions } from "./render-specimen.js";
import {
  createWriter,
  type Deformation,
  drawShape,
  GENUINE_DEFORMATION,
  SKILLED_FORGERY_DEFORMATION,
  type Writer,
} from "./writer-shape.js";

export type { Conditions } from "./render-specimen.js";
export { createWriter, type Writer } from "./writer-shape.js";

export type SpecimenKind = "genuine" | "skilled_forgery";

export interface SignatureSpecimen {
  writer: number;
  kind: SpecimenKind;
  index: number;
  image: Buffer;
}

const KIND_SALT: Record<SpecimenKind, number> = { genuine: 11, skilled_forgery: 29 };
const KIND_DEFORMATION: Record<SpecimenKind, Deformation> = {
  genuine: GENUINE_DEFORMATION,
  skilled_forgery: SKILLED_FORGERY_DEFORMATION,
};

/** Draws one specimen; `overrides` pin capture conditions (e.g. rotation, pen width) for robustness tests. */
export async function renderSignature(
  writer: Writer,
  kind: SpecimenKind,
  index: number,
  overrides: Partial<Conditions> = {},
): Promise<Buffer> {
  const random = createRandom(mixSeed(writer.id, KIND_SALT[kind], index));
  const lines = drawShape(writer, KIND_DEFORMATION[kind], random);
  const conditions = { ...sampleConditions(random, writer.ink), ...overrides };
  return renderSpecimen(lines, writer.penWidth, conditions, random);
}

export interface SpecimenSetOptions {
  writers: number;
  genuinePerWriter: number;
  forgeriesPerWriter: number;
  /** Writer seed; the same seed gives the same set. */
  seed?: number;
}

export async function generateSignatureSet(options: SpecimenSetOptions): Promise<SignatureSpecimen[]> {
  const out: SignatureSpecimen[] = [];
  for (let id = 0; id < options.writers; id++) {
    const writer = createWriter(id, options.seed);
    for (let index = 0; index < options.genuinePerWriter; index++) {
      out.push({
        writer: id,
        kind: "genuine",
        index,
        image: await renderSignature(writer, "genuine", index),
      });
    }
    for (let index = 0; index < options.forgeriesPerWriter; index++) {
      const image = await renderSignature(writer, "skilled_forgery", index);
      out.push({ writer: id, kind: "skilled_forgery", index, image });
    }
  }
  return out;
}
