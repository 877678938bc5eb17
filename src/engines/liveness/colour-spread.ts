// A camera pointed at a living face sees colour: skin, lips, eyes and hair differ in hue at the same
// brightness, and lips are redder than the skin around them. A black-and-white print or photocopy, a
// card's laser-engraved portrait or a greyscale file has one colour at each brightness, whatever tint the
// lamp or the white balance gives it, and lips no redder than cheeks. Two measures:
// - colour spread: block means of the chromaticity (r, g = R, G over R + G + B) over the face and hair
//   (the face box widened by 15 % each side), grouped by brightness (16 grey levels), the root-mean-square
//   distance of each block from its group's mean, × 1000;
// - lip redness: (R − G) / (R + G + B) of the redder lip (mesh) minus that of the cheeks, × 1000.
//
// Measured on the deepface photographs (61 single-person photographs, both splits of manifest.ts, and the
// 60 genuine phone captures), and on the monochrome attacks of test/specimens/liveness/monochrome-attacks.ts:
//
// | presentation                         | colour spread    | lip redness |
// | ------------------------------------ | ---------------- | ----------- |
// | genuine photographs                  | 13.8 (img15) …   | −12 … 527   |
// | genuine phone captures               | 32.3 …           | 6 … 265     |
// | black-and-white print, photographed  | 3.5 … 19.1       | −4 … 25     |
// | engraved card portrait, cropped      | 0 … 4.3          | −2 … 7      |
//
// A colour printer prints grey with three inks whose screens beat into colour, which is why a print
// reaches a spread of 19. Genuine photographs whose lips read no redder than the cheeks (img18, img38,
// img39, img40, img55: a mesh point off the lip, lipstick close to the skin) have a spread of 32.9 or more.
// But a dim webcam or a phone's noise reduction takes colour out of a live face: with saturation halved,
// 6 of the 61 photographs fell under a spread of 20 with lips under 20. So the two measures decline
// together only well below that: spread < 12 and lips < 10 (none of the 61 at half saturation, nor in a
// simulated low-light capture; 6 of the 48 black-and-white prints whose face was found, besides the 34
// under a spread of 8). The spread alone declines under 8, 1.7 times below the lowest genuine photograph
// (img15 at half saturation reaches 6.9: a webcam that grey is refused).
//
// Set on every photograph of both splits and on the phone captures (none held aside for this cue), and
// on the monochrome attacks' own generator: not measured on real black-and-white prints or real cards.
import type { FaceImage, PixelBox } from "../face/inference-protocol.js";

/** Below this spread the face has no colour of its own, whatever its lips. */
export const MONOCHROME_SPREAD = 8;
/** Below this spread, lips no redder than this are a monochrome picture's. */
export const FAINT_COLOUR_SPREAD = 12;
export const FAINT_LIP_REDNESS = 10;

/** Brightness groups of 16 grey levels; a group needs this many blocks to count. */
const LEVEL_STEP = 16;
const MIN_BLOCKS_PER_LEVEL = 4;
/** Fewer usable blocks than this (a dark or tiny face) and no judgement is made. */
const MIN_BLOCKS = 24;
/** Blocks darker than this mean carry sensor noise, not colour; brighter ones may be clipped. */
const DARKEST = 25;
const BRIGHTEST = 250;

export interface FaceColour {
  /** null when too little of the face is lit well enough to tell. */
  spread: number | null;
  /** null without a face mesh. */
  lipRedness: number | null;
}

/** A face with no colour of its own: a monochrome picture of one, never a living face on a colour camera. */
export function looksMonochrome(colour: FaceColour): boolean {
  if (colour.spread === null) return false;
  if (colour.spread < MONOCHROME_SPREAD) return true;
  return (
    colour.spread < FAINT_COLOUR_SPREAD && colour.lipRedness !== null && colour.lipRedness < FAINT_LIP_REDNESS
  );
}

export function measureFaceColour(
  image: FaceImage,
  box: PixelBox,
  mesh: [number, number, number][] | undefined,
): FaceColour {
  return {
    spread: measureColourSpread(image, box),
    lipRedness: mesh ? measureLipRedness(image, mesh) : null,
  };
}

/**
 * The colour spread of the face and hair (the face box widened by 15 % on each side), or null when too
 * little of it is lit well enough to tell.
 */
export function measureColourSpread(image: FaceImage, box: PixelBox): number | null {
  const block = Math.max(3, Math.min(8, Math.floor(box.width / 16)));
  const x0 = Math.max(0, Math.floor(box.x - 0.15 * box.width));
  const y0 = Math.max(0, Math.floor(box.y - 0.15 * box.height));
  const x1 = Math.min(image.width, Math.ceil(box.x + 1.15 * box.width));
  const y1 = Math.min(image.height, Math.ceil(box.y + 1.15 * box.height));
  /** brightness level → [Σ r, Σ g, Σ r², Σ g², blocks] */
  const levels = new Map<number, [number, number, number, number, number]>();
  for (let by = y0; by + block <= y1; by += block) {
    for (let bx = x0; bx + block <= x1; bx += block) {
      const mean = blockMean(image, bx, by, block);
      if (!mean) continue;
      const [r, g, b] = mean;
      const luma = 0.299 * r + 0.587 * g + 0.114 * b;
      if (luma < DARKEST) continue;
      const sum = r + g + b;
      const cr = r / sum;
      const cg = g / sum;
      const level = Math.floor(luma / LEVEL_STEP);
      const acc = levels.get(level) ?? [0, 0, 0, 0, 0];
      levels.set(level, [acc[0] + cr, acc[1] + cg, acc[2] + cr * cr, acc[3] + cg * cg, acc[4] + 1]);
    }
  }
  let squares = 0;
  let count = 0;
  for (const [sr, sg, srr, sgg, n] of levels.values()) {
    if (n < MIN_BLOCKS_PER_LEVEL) continue;
    // Σ (c − mean)² = Σ c² − (Σ c)² / n, per channel.
    squares += srr - (sr * sr) / n + sgg - (sg * sg) / n;
    count += n;
  }
  if (count < MIN_BLOCKS) return null;
  return 1000 * Math.sqrt(Math.max(0, squares) / count);
}

/** MediaPipe face-mesh points: lip bodies (midpoints of two points each) and the cheeks beside the nose. */
const LOWER_LIP: [number, number] = [14, 17];
const UPPER_LIP: [number, number] = [0, 13];
const CHEEKS = [50, 280, 205, 425];
const EYE_CORNERS: [number, number] = [33, 133];

/** How much redder the redder lip is than the cheeks, or null when the mesh is too small to sample. */
export function measureLipRedness(image: FaceImage, mesh: [number, number, number][]): number | null {
  if (mesh.length < 426) return null;
  const at = (k: number) => mesh[k] as [number, number, number];
  const eyeWidth = Math.abs(at(EYE_CORNERS[1])[0] - at(EYE_CORNERS[0])[0]);
  if (eyeWidth < 8) return null;
  const redness = (x: number, y: number, half: number) => {
    const mean = patchMean(image, x, y, half);
    return mean ? (mean[0] - mean[1]) / (mean[0] + mean[1] + mean[2] || 1) : null;
  };
  const lips = [LOWER_LIP, UPPER_LIP]
    .map(([a, b]) => redness((at(a)[0] + at(b)[0]) / 2, (at(a)[1] + at(b)[1]) / 2, eyeWidth / 8))
    .filter((v): v is number => v !== null);
  const cheeks = CHEEKS.map((k) => redness(at(k)[0], at(k)[1], eyeWidth / 4))
    .filter((v): v is number => v !== null)
    .sort((a, b) => a - b);
  if (lips.length === 0 || cheeks.length < 4) return null;
  // The middle two cheeks: a shadow or a highlight on one side does not decide.
  const skin = ((cheeks[1] as number) + (cheeks[2] as number)) / 2;
  return 1000 * (Math.max(...lips) - skin);
}

/** Mean RGB of a block, or null when any of its pixels is clipped. */
function blockMean(image: FaceImage, x0: number, y0: number, size: number): [number, number, number] | null {
  let r = 0;
  let g = 0;
  let b = 0;
  for (let y = y0; y < y0 + size; y++) {
    for (let x = x0; x < x0 + size; x++) {
      const i = (y * image.width + x) * 3;
      const pr = image.data[i] as number;
      const pg = image.data[i + 1] as number;
      const pb = image.data[i + 2] as number;
      if (pr >= BRIGHTEST || pg >= BRIGHTEST || pb >= BRIGHTEST) return null;
      r += pr;
      g += pg;
      b += pb;
    }
  }
  const n = size * size;
  return [r / n, g / n, b / n];
}

/** Mean RGB of the square of half-side `half` around (x, y), clamped to the image; null when empty. */
function patchMean(image: FaceImage, x: number, y: number, half: number): [number, number, number] | null {
  const h = Math.max(1, half);
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let yy = Math.max(0, Math.round(y - h)); yy <= Math.min(image.height - 1, Math.round(y + h)); yy++) {
    for (let xx = Math.max(0, Math.round(x - h)); xx <= Math.min(image.width - 1, Math.round(x + h)); xx++) {
      const i = (yy * image.width + xx) * 3;
      r += image.data[i] as number;
      g += image.data[i + 1] as number;
      b += image.data[i + 2] as number;
      n++;
    }
  }
  return n ? [r / n, g / n, b / n] : null;
}
