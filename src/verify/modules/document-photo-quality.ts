// Why a document photo gave no text: the photo itself is too dark, blurred or glared (the applicant retakes
// it in better light or holding still), or it is a clear photo of something that is not a document (a face,
// a desk). Measured on a small grey copy, only after the reader found nothing, so readable captures never
// pay for it. Thresholds tuned and measured by bench/document-photo-quality.bench.ts.
import sharp from "sharp";
import type { FaceEngine } from "../../engines/face/face-engine.js";
import type { DocumentUnreadableReason } from "../applicant/step-contract.js";

const SIDE = 480;
/** Mean grey level (0..255) below which text cannot be told from paper. */
export const DARK_MEAN = 58;
/** Variance of the Laplacian below which edges (and so letters) are smeared. */
export const BLUR_VARIANCE = 40;
/** Share of pixels clipped white (≥ 250) above which a reflection may hide part of the document. */
export const GLARE_SHARE = 0.06;
/**
 * A face box covering this share of the photo makes it a selfie or portrait, not a document: white walls
 * clip like glare does, and a document's own portrait stays well under it.
 */
export const FACE_SHARE = 0.06;

export interface PhotoMeasures {
  mean: number;
  clipped: number;
  sharpness: number;
}

export async function measurePhoto(bytes: Buffer): Promise<PhotoMeasures> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: SIDE, height: SIDE, fit: "inside", withoutEnlargement: true })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const grey = (x: number, y: number) => data[(y * width + x) * channels]!;
  let sum = 0;
  let clipped = 0;
  for (let i = 0; i < width * height; i++) {
    const value = data[i * channels]!;
    sum += value;
    if (value >= 250) clipped++;
  }
  let lapSum = 0;
  let lapSquares = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const lap = 4 * grey(x, y) - grey(x - 1, y) - grey(x + 1, y) - grey(x, y - 1) - grey(x, y + 1);
      lapSum += lap;
      lapSquares += lap * lap;
      n++;
    }
  }
  const pixels = width * height;
  return {
    mean: sum / pixels,
    clipped: clipped / pixels,
    sharpness: n > 0 ? lapSquares / n - (lapSum / n) ** 2 : 0,
  };
}

/** Share of the photo the largest face covers (0 when none). */
export async function largestFaceShare(face: Pick<FaceEngine, "analyze">, bytes: Buffer): Promise<number> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: 640, height: 640, fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const analysis = await face.analyze({ data: new Uint8Array(data), width: info.width, height: info.height });
  const box = analysis.faces[0]?.box;
  return box ? (box.width * box.height) / (info.width * info.height) : 0;
}

/**
 * The photo's own problem, or null when it is clear enough that the missing document is the problem.
 * `faceShare` is asked only when the photo is bright enough to be glare.
 */
export async function photoProblem(
  measures: PhotoMeasures,
  faceShare: () => Promise<number>,
): Promise<DocumentUnreadableReason | null> {
  if (measures.mean < DARK_MEAN) return "too_dark";
  if (measures.sharpness < BLUR_VARIANCE) return "blurry";
  if (measures.clipped > GLARE_SHARE && (await faceShare()) < FACE_SHARE) return "glare";
  return null;
}
