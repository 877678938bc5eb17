// Is the "selfie" a document? A passport page, an ID card held up to the camera, or a page on a
// screen shows its holder's portrait surrounded by printed text: labels, values, an MRZ. A live
// selfie shows a head against a room. The cue is printed text outside the head: dark glyph-sized
// blobs of even height standing in horizontal rows (text lines). Measured on the whole frame at the
// analysis size (frame-analysis.ts FRAME_MAX_SIDE), the face and hair region left out.
import { localMean } from "../image/local-mean.js";
import type { FaceImage, PixelBox } from "./frame-types.js";

export interface DocumentCues {
  /** Glyph-like blobs that stand in text lines of at least MIN_LINE_GLYPHS. */
  textGlyphs: number;
  /** Text lines found. */
  textLines: number;
  /** Face box height over frame height (a portrait on a page is small). */
  faceHeightRatio: number;
}

const MIN_LINE_GLYPHS = 4;

export function measureDocumentCues(image: FaceImage, face: PixelBox): DocumentCues {
  const { width, height } = image;
  const grey = lumaOf(image);
  const mean = localMean(grey, width, height, 12, new Float32Array(grey.length));
  // Head and hair: the face box widened, plus the neck below; glyph-like texture there is hair or skin.
  const exclude = {
    x0: face.x - face.width * 0.45,
    x1: face.x + face.width * 1.45,
    y0: face.y - face.height * 0.6,
    y1: face.y + face.height * 1.35,
  };
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const k = y * width + x;
      if (x >= exclude.x0 && x <= exclude.x1 && y >= exclude.y0 && y <= exclude.y1) continue;
      // Dark on light: printed ink against paper (or a bright screen).
      if ((grey[k] as number) < (mean[k] as number) - 22 && (mean[k] as number) > 90) ink[k] = 1;
    }
  }
  const glyphs = glyphBlobs(ink, width, height);
  const lines = textLines(glyphs);
  return {
    textGlyphs: lines.reduce((sum, line) => sum + line, 0),
    textLines: lines.length,
    faceHeightRatio: face.height / height,
  };
}

interface Blob {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  area: number;
}

/** Connected ink components whose size and fill look like printed characters. */
function glyphBlobs(ink: Uint8Array, width: number, height: number): Blob[] {
  const label = new Int32Array(width * height).fill(-1);
  const stack: number[] = [];
  const out: Blob[] = [];
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || (label[start] as number) >= 0) continue;
    const blob: Blob = { x0: width, y0: height, x1: 0, y1: 0, area: 0 };
    label[start] = out.length;
    stack.push(start);
    while (stack.length > 0) {
      const k = stack.pop() as number;
      const x = k % width;
      const y = (k - x) / width;
      blob.area++;
      if (x < blob.x0) blob.x0 = x;
      if (x > blob.x1) blob.x1 = x;
      if (y < blob.y0) blob.y0 = y;
      if (y > blob.y1) blob.y1 = y;
      for (const n of [k - 1, k + 1, k - width, k + width]) {
        if (n < 0 || n >= ink.length) continue;
        if ((n === k - 1 && x === 0) || (n === k + 1 && x === width - 1)) continue;
        if (ink[n] && (label[n] as number) < 0) {
          label[n] = out.length;
          stack.push(n);
        }
      }
    }
    const w = blob.x1 - blob.x0 + 1;
    const h = blob.y1 - blob.y0 + 1;
    const fill = blob.area / (w * h);
    if (h >= 5 && h <= 40 && w >= 1 && w <= h * 2.5 && fill >= 0.12 && fill <= 0.85) out.push(blob);
  }
  return out;
}

/** Groups glyphs into horizontal lines of similar height; returns the glyph count of each line. */
function textLines(glyphs: Blob[]): number[] {
  const sorted = [...glyphs].sort((a, b) => a.x0 - b.x0);
  const used = new Uint8Array(sorted.length);
  const lines: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    if (used[i]) continue;
    let last = sorted[i] as Blob;
    const lineHeight = last.y1 - last.y0 + 1;
    let count = 1;
    used[i] = 1;
    for (let j = i + 1; j < sorted.length; j++) {
      if (used[j]) continue;
      const next = sorted[j] as Blob;
      const gap = next.x0 - last.x1;
      if (gap > lineHeight * 1.6) {
        if (next.x0 - last.x1 > lineHeight * 6) break;
        continue;
      }
      const h = next.y1 - next.y0 + 1;
      const centreShift = Math.abs((next.y0 + next.y1) / 2 - (last.y0 + last.y1) / 2);
      if (h > lineHeight * 1.6 || h < lineHeight / 1.6 || centreShift > lineHeight * 0.35) continue;
      used[j] = 1;
      last = next;
      count++;
    }
    if (count >= MIN_LINE_GLYPHS) lines.push(count);
  }
  return lines;
}

function lumaOf(image: FaceImage): Float32Array {
  const out = new Float32Array(image.width * image.height);
  for (let i = 0; i < out.length; i++) {
    out[i] =
      0.299 * (image.data[i * 3] as number) +
      0.587 * (image.data[i * 3 + 1] as number) +
      0.114 * (image.data[i * 3 + 2] as number);
  }
  return out;
}

/**
 * Measured on the 65 deepface photographs (genuine: at most 39 glyphs in text lines, face at least
 * 0.22 of the frame height) and 18 rendered, camera-degraded documents of six types (at least 41
 * glyphs, face at most 0.20 of the height): plenty of text, or text around a small face, is a document.
 */
export function looksLikeDocument(cues: DocumentCues): boolean {
  return cues.textGlyphs >= 60 || (cues.textGlyphs >= 20 && cues.faceHeightRatio < 0.3);
}
