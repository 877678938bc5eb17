// What a specimen layout hands back before degradation, and what the generator returns.
import type { Canvas } from "./canvas.js";

export type SpecimenType =
  | "passport"
  | "citizenship"
  | "pan"
  | "drivers_license"
  | "aadhaar"
  | "disability_id"
  | "business_registration";

export interface SpecimenDraft {
  type: SpecimenType;
  canvas: Canvas;
  hasPortrait: boolean;
  portraitBox?: { x: number; y: number; width: number; height: number };
  /** Ground truth, keyed as the document reader names its fields. */
  fields: Record<string, string>;
  /** Ground truth Latin renderings of Devanagari fields. */
  translatedFields?: Record<string, string>;
  mrz?: [string, string];
}

export interface Specimen {
  type: SpecimenType;
  seed: number;
  /** The image as a camera would deliver it (JPEG when degraded, PNG when clean). */
  image: Buffer;
  hasPortrait: boolean;
  fields: Record<string, string>;
  translatedFields: Record<string, string>;
  mrz?: [string, string];
  /** The degradations applied, for reports. */
  degradation: Degradation | null;
}

export interface Degradation {
  rotationDegrees: number;
  scale: number;
  blurSigma: number;
  noise: number;
  brightness: number;
  jpegQuality: number;
}
