// Realistic scanned signatures for calibration and benchmarks: each writer has a shape (writer-shape.ts)
// and habits (pen-dynamics.ts); genuine signings vary in size, slant, word spacing, joining and
// baseline; skilled forgeries copy the shape slowly; every specimen is a ~1,000-px scan with the
// artefacts of real forms (scan-page.ts). Random forgeries are other writers' genuines.
//
// Writer splits: CALIBRATION_SEEDS are what the learned score and its calibration were fitted on
// (scripts/fit-signature-score.ts); HELD_ASIDE_SEEDS are only ever measured
// (bench/signature-eer.bench.ts), never tuned on.
import { createRandom, mixSeed } from "../seeded-random.js";
import {
  drawGenuine,
  drawSkilledForgery,
  EVEN_WRITER_RATE,
  type Habits,
  sampleHabits,
} from "./pen-dynamics.js";
import {
  type PageArtefacts,
  type PageLayout,
  renderPage,
  sampleArtefacts,
  sampleLayout,
} from "./scan-page.js";
import { createWriter, type Writer } from "./writer-shape.js";

export { CLEAN_PAGE, type PageArtefacts } from "./scan-page.js";

export const CALIBRATION_SEEDS = [7, 99, 314, 2718] as const;
/** Two held-aside writer sets: by script each set has only 6–8 writers, so one alone is noisy. */
export const HELD_ASIDE_SEEDS = [2024, 4711] as const;

export type ScannedKind = "genuine" | "skilled_forgery";

export interface ScannedWriter {
  seed: number;
  shape: Writer;
  habits: Habits;
  inkIndex: number;
}

export interface ScannedSpecimen {
  writer: number;
  kind: ScannedKind;
  index: number;
  image: Buffer;
}

export function createScannedWriter(id: number, seed: number): ScannedWriter {
  const random = createRandom(mixSeed(seed, id, 5));
  const habits = sampleHabits(random);
  const inkIndex = random.int(0, 9);
  // Drawn last, so every other writer keeps the habits and ink it had before even writers existed.
  habits.even = random.chance(EVEN_WRITER_RATE);
  return { seed, shape: createWriter(id, seed), habits, inkIndex };
}

const KIND_SALT: Record<ScannedKind, number> = { genuine: 13, skilled_forgery: 31 };

/**
 * One scanned specimen. The strokes and the page draw from separate seeded streams, so pinning
 * `artefacts` or `layout` changes the page around the very same signature.
 */
export interface RenderOptions {
  /** Pin page artefacts (e.g. CLEAN_PAGE). */
  artefacts?: Partial<PageArtefacts>;
  /** Pin the capture: signature width, pen width in pixels, rotation. */
  layout?: Partial<Pick<PageLayout, "signatureWidth" | "penPx" | "rotationDeg">>;
  /** Pin whether a genuine signing joins its two words. */
  join?: boolean;
}

export async function renderScanned(
  writer: ScannedWriter,
  kind: ScannedKind,
  index: number,
  options: RenderOptions = {},
): Promise<Buffer> {
  const { artefacts, join } = options;
  const salt = KIND_SALT[kind];
  const strokeRandom = createRandom(mixSeed(writer.seed, writer.shape.id, salt, index, 1));
  const pageRandom = createRandom(mixSeed(writer.seed, writer.shape.id, salt, index, 2));
  const strokes =
    kind === "genuine"
      ? drawGenuine(writer.shape, writer.habits, strokeRandom, join)
      : drawSkilledForgery(writer.shape, strokeRandom);
  const layout = { ...sampleLayout(pageRandom, writer.habits.widthPx, writer.inkIndex), ...options.layout };
  const sampled = sampleArtefacts(pageRandom);
  return renderPage(strokes, layout, { ...sampled, ...artefacts }, pageRandom);
}

export interface ScannedSetOptions {
  writers: number;
  genuinePerWriter: number;
  forgeriesPerWriter: number;
  seed: number;
  /** Pin artefacts for every specimen (e.g. CLEAN_PAGE). */
  artefacts?: Partial<PageArtefacts>;
}

export async function generateScannedSet(options: ScannedSetOptions): Promise<ScannedSpecimen[]> {
  const out: ScannedSpecimen[] = [];
  for (let id = 0; id < options.writers; id++) {
    const writer = createScannedWriter(id, options.seed);
    for (let index = 0; index < options.genuinePerWriter; index++) {
      const image = await renderScanned(writer, "genuine", index, { artefacts: options.artefacts });
      out.push({ writer: id, kind: "genuine", index, image });
    }
    for (let index = 0; index < options.forgeriesPerWriter; index++) {
      const image = await renderScanned(writer, "skilled_forgery", index, { artefacts: options.artefacts });
      out.push({ writer: id, kind: "skilled_forgery", index, image });
    }
  }
  return out;
}
