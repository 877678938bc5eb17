// Document-portrait reuse: is the selfie a copy of the document's own portrait (the same photograph
// recropped, rescaled, recompressed, slightly rotated, or photographed off the page)? A genuine
// applicant's selfie is another photograph taken years later: same identity, but different light,
// pose, expression and background, so the aligned face images differ even when the embeddings agree.
// A copy agrees at both levels: the identity embedding is nearly identical AND the fine structure of
// the aligned face (high-pass texture: hair strands, shadows, blemishes, compression-independent
// edges) correlates almost perfectly. Thresholds set on the tune split of the labelled attack set
// (test/specimens/liveness/manifest.ts); figures in README.md.
import type { FaceEngine } from "../face/face-engine.js";
import { decodeFrame } from "./frame-analysis.js";
import type { FaceImage, InferredFace } from "./frame-types.js";

export interface PortraitReuseSignals {
  /** Identity similarity 0..1 (the face engine's compare). */
  embeddingSimilarity: number;
  /** Normalized correlation of the eye-aligned high-pass face patches, −1..1 (best small shift). */
  imageCorrelation: number;
  reused: boolean;
}

// Genuine pairs (a different photograph of the same person against the rendered document's portrait,
// master.csv same-person pairs both ways) reached embedding ≤ 0.744 and correlation ≤ 0.51; copies
// (recropped, rescaled, recompressed, rotated, blurred, the source photo, the whole page) sit above
// 0.77 with some texture agreement, or anywhere above 0.55 with strong texture agreement.
// With the alignment refined over small scale and rotation corrections (ALIGN_ZOOMS, ALIGN_TURNS), the
// tune split's genuine pairs reach correlation ≤ 0.56 and its source-photo copies ≥ 0.815 (they were
// ≥ 0.595 with the eye alignment alone); CORRELATION_STRONG is the midpoint.
/** Embedding similarity at which the selfie is a copy whatever the texture says. */
const EMBEDDING_ALONE = 0.86;
/** Embedding similarity above the genuine range: a copy when the texture agrees at all. */
const EMBEDDING_HIGH = 0.77;
const CORRELATION_SOME = 0.15;
/** Texture agreement above the genuine range: a copy when the identity is the same person's. */
const EMBEDDING_SAME_PERSON = 0.55;
const CORRELATION_STRONG = 0.69;

// Four eye distances wide: the face plus its hairline and the edge of the background, which a copy
// shares and another photograph does not.
const PATCH_W = 96;
const PATCH_H = 112;
const EYE_Y = 44;
const EYE_LEFT_X = 36;
const EYE_RIGHT_X = 60;
/** Small scale and rotation corrections tried on top of the eye alignment. */
const ALIGN_ZOOMS = [0.96, 1, 1.04];
const ALIGN_TURNS = [-0.035, 0, 0.035];

/** Near-duplicate test of a selfie against a document portrait; null when either has no face. */
export async function measurePortraitReuse(
  face: FaceEngine,
  selfie: Buffer | FaceImage,
  portrait: Buffer | FaceImage,
): Promise<PortraitReuseSignals | null> {
  const [a, b] = await Promise.all([
    portraitReuseSubject(face, selfie),
    portraitReuseSubject(face, portrait),
  ]);
  if (!a || !b) return null;
  return comparePortraitSubjects(face, a, b);
}

/** A face as portrait reuse reads it: decoded by decodeFrame, its largest face with embedding and mesh. */
export interface ReuseSubject {
  image: FaceImage;
  face: InferredFace;
}

/** measurePortraitReuse on subjects already found (portraitReuseSubject or an equivalent inference). */
export function comparePortraitSubjects(
  face: Pick<FaceEngine, "compare">,
  a: ReuseSubject,
  b: ReuseSubject,
): PortraitReuseSignals {
  const embeddingSimilarity = face.compare(
    a.face.embedding as Float32Array,
    b.face.embedding as Float32Array,
  );
  const patchB = alignedPatch(b.image, b.face);
  // Eye landmarks on a small, degraded document portrait are off by a few percent; a copy is exactly
  // alignable by some nearby similarity, another photograph (another pose) by none.
  let imageCorrelation = 0;
  for (const zoom of ALIGN_ZOOMS) {
    for (const turn of ALIGN_TURNS) {
      const patchA = alignedPatch(a.image, a.face, zoom, turn);
      if (patchA && patchB) imageCorrelation = Math.max(imageCorrelation, bestCorrelation(patchA, patchB));
    }
  }
  return { embeddingSimilarity, imageCorrelation, reused: judgeReuse(embeddingSimilarity, imageCorrelation) };
}

export function judgeReuse(embeddingSimilarity: number, imageCorrelation: number): boolean {
  if (embeddingSimilarity >= EMBEDDING_ALONE) return true;
  if (embeddingSimilarity >= EMBEDDING_HIGH && imageCorrelation >= CORRELATION_SOME) return true;
  return embeddingSimilarity >= EMBEDDING_SAME_PERSON && imageCorrelation >= CORRELATION_STRONG;
}

/** Faces portrait reuse looks at per image (the largest is the subject). */
export const REUSE_MAX_FACES = 3;

/** The largest face of the image with its embedding and mesh; null when none has an embedding. */
export async function portraitReuseSubject(
  face: FaceEngine,
  input: Buffer | FaceImage,
): Promise<ReuseSubject | null> {
  const image = Buffer.isBuffer(input) ? await decodeFrame(input) : input;
  const result = await face.infer({
    image,
    want: { embedding: true, mesh: true },
    maxFaces: REUSE_MAX_FACES,
  });
  const subject = result.faces[0];
  if (!subject?.embedding) return null;
  return { image, face: subject };
}

function eyeCentres(face: InferredFace): [[number, number], [number, number]] | null {
  const mesh = face.mesh;
  if (!mesh || mesh.length < 400) return null;
  const mid = (i: number, j: number): [number, number] => [
    (((mesh[i] as number[])[0] as number) + ((mesh[j] as number[])[0] as number)) / 2,
    (((mesh[i] as number[])[1] as number) + ((mesh[j] as number[])[1] as number)) / 2,
  ];
  return [mid(33, 133), mid(362, 263)];
}

/**
 * Grey patch of the face with the eyes at fixed points (similarity transform: rotation and scale
 * undone), each output pixel the mean over its footprint in the source so scale does not alias,
 * then high-passed (minus a 7×7 local mean) so lighting and tone changes drop out.
 */
function alignedPatch(image: FaceImage, face: InferredFace, zoom = 1, turn = 0): Patch | null {
  const eyes = eyeCentres(face);
  if (!eyes) return null;
  const [[lx, ly], [rx, ry]] = eyes;
  const dx = rx - lx;
  const dy = ry - ly;
  const distance = Math.hypot(dx, dy);
  if (distance < 8) return null;
  const scale = (zoom * distance) / (EYE_RIGHT_X - EYE_LEFT_X); // source px per patch px
  const angle = Math.atan2(dy, dx) + turn;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const taps = Math.max(1, Math.min(6, Math.round(scale)));
  const grey = new Float32Array(PATCH_W * PATCH_H);
  const valid = new Uint8Array(PATCH_W * PATCH_H);
  for (let y = 0; y < PATCH_H; y++) {
    for (let x = 0; x < PATCH_W; x++) {
      // Pixels whose footprint leaves the image (a tight crop) carry no evidence either way.
      const cx = lx + (x - EYE_LEFT_X) * scale * cos - (y - EYE_Y) * scale * sin;
      const cy = ly + (x - EYE_LEFT_X) * scale * sin + (y - EYE_Y) * scale * cos;
      const pad = scale * 5;
      valid[y * PATCH_W + x] =
        cx >= pad && cy >= pad && cx < image.width - pad && cy < image.height - pad ? 1 : 0;
      let sum = 0;
      for (let ty = 0; ty < taps; ty++) {
        for (let tx = 0; tx < taps; tx++) {
          const px = (x - EYE_LEFT_X + (tx + 0.5) / taps - 0.5) * scale;
          const py = (y - EYE_Y + (ty + 0.5) / taps - 0.5) * scale;
          const sx = lx + px * cos - py * sin;
          const sy = ly + px * sin + py * cos;
          sum += lumaAt(image, sx, sy);
        }
      }
      grey[y * PATCH_W + x] = sum / (taps * taps);
    }
  }
  // Band-pass: a light blur drops sensor noise and JPEG blocks, the local mean drops light and tone.
  return { values: highPass(highPass(grey, PATCH_W, PATCH_H, 1, true), PATCH_W, PATCH_H, 4), valid };
}

interface Patch {
  values: Float32Array;
  valid: Uint8Array;
}

function lumaAt(image: FaceImage, x: number, y: number): number {
  const xi = Math.min(image.width - 1, Math.max(0, Math.round(x)));
  const yi = Math.min(image.height - 1, Math.max(0, Math.round(y)));
  const i = (yi * image.width + xi) * 3;
  return (
    0.299 * (image.data[i] as number) +
    0.587 * (image.data[i + 1] as number) +
    0.114 * (image.data[i + 2] as number)
  );
}

function highPass(
  values: Float32Array,
  width: number,
  height: number,
  radius: number,
  meanOnly = false,
): Float32Array {
  const out = new Float32Array(values.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let yy = Math.max(0, y - radius); yy <= Math.min(height - 1, y + radius); yy++) {
        for (let xx = Math.max(0, x - radius); xx <= Math.min(width - 1, x + radius); xx++) {
          sum += values[yy * width + xx] as number;
          n++;
        }
      }
      out[y * width + x] = meanOnly ? sum / n : (values[y * width + x] as number) - sum / n;
    }
  }
  return out;
}

/** Max NCC over shifts of ±3 patch pixels (landmark noise), on the inner region both patches cover. */
function bestCorrelation(a: Patch, b: Patch): number {
  let best = -1;
  const margin = 6;
  // At least a third of the patch must be seen in both images to say anything.
  const minimum = ((PATCH_W - 2 * margin) * (PATCH_H - 2 * margin)) / 3;
  for (let sy = -3; sy <= 3; sy++) {
    for (let sx = -3; sx <= 3; sx++) {
      let ab = 0;
      let aa = 0;
      let bb = 0;
      let n = 0;
      for (let y = margin; y < PATCH_H - margin; y++) {
        for (let x = margin; x < PATCH_W - margin; x++) {
          const ka = y * PATCH_W + x;
          const kb = (y + sy) * PATCH_W + (x + sx);
          if (!a.valid[ka] || !b.valid[kb]) continue;
          n++;
          const va = a.values[ka] as number;
          const vb = b.values[kb] as number;
          ab += va * vb;
          aa += va * va;
          bb += vb * vb;
        }
      }
      const r = n >= minimum && aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
      if (r > best) best = r;
    }
  }
  return best;
}
