// The edges of a held picture around the face. A print, a phone or a tablet held up to the camera is a
// flat rectangle: seen at an angle it is a quadrilateral whose straight sides (the paper edge against
// the room, the phone's bezel against the screen) surround the face closely, on three or four sides.
// A live face in a room is not inside such a frame: walls, doors and windows give straight lines, but
// rarely ones that close around the head at a few face widths on three sides.
//
// Lines are found with a gradient-oriented Hough transform at 320 px; a side counts when a long,
// continuous run of edge pixels lies on the line beside the face (not crossing it), at most a few face
// sizes away. Measured on the tune split of the labelled attack set (README.md).
import type { FaceImage, PixelBox } from "./frame-types.js";

export interface PictureFrame {
  /** Sides (left, right, top, bottom) of a rectangle-like frame found around the face, 0..4. */
  sides: number;
  /** Longest continuous run of each side found, in face heights (0 when none). */
  runs: [number, number, number, number];
}

const WIDTH = 320;
/** Edge magnitude (grey levels per pixel, Sobel/8) for a pixel to be an edge. */
const EDGE = 10;
/** A side's continuous run, in face heights (a picture's edge spans the head and more). */
const MIN_RUN = 1.1;
/**
 * Angle step of the line search, degrees. At 2.5° a side 1.5 face heights long drifted up to 2 px off
 * the quantised line at its ends and broke its run (a held print with three visible sides measured 2:
 * img50 right side 1.05 face heights at 2.5°, 1.52 at 1.25°). Genuine photographs of the tuning set
 * keep at most 2 sides at 1.25° (third-longest run ≤ 0.77 face heights).
 */
const ANGLE_STEP = 1.25;
/** Farthest a side may be from the face box, in face widths. */
const MAX_DISTANCE = 2.2;
/**
 * Sides that make a held picture. Tune split (test/specimens/liveness/manifest.ts): genuine photographs
 * show at most 2 sides (a door or panel edge each side of the head: img37); prints and phones held in a
 * room (held-attacks.ts) with the face found show 3–4 in 19 of 24.
 */
export const FRAME_MIN_SIDES = 3;
/**
 * Two sides are enough when the picture also carries a weak periodic trace (native periodicity,
 * image-forensics.ts) above every genuine photograph's (tune split: genuine ≤ 2.52 with at most one
 * side beside it; the held print it decides, 2.61 with two sides).
 */
const TWO_SIDES_PERIODICITY = 2.56;

export function measurePictureFrame(image: FaceImage, box: PixelBox): PictureFrame {
  const k = WIDTH / image.width;
  const width = WIDTH;
  const height = Math.max(1, Math.round(image.height * k));
  const grey = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = Math.min(image.width - 1, Math.floor(x / k));
      const sy = Math.min(image.height - 1, Math.floor(y / k));
      const i = (sy * image.width + sx) * 3;
      grey[y * width + x] =
        0.299 * (image.data[i] as number) +
        0.587 * (image.data[i + 1] as number) +
        0.114 * (image.data[i + 2] as number);
    }
  }
  const gx = new Float32Array(width * height);
  const gy = new Float32Array(width * height);
  // Pixels whose gradient could pass the edge test along some line: |g·n| ≤ |g| for a unit normal, so a
  // pixel under EDGE in magnitude (with a hair of slack for rounding) is never an edge on any line.
  const candidate = new Uint8Array(width * height);
  const floor = (EDGE * 0.999) ** 2;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      // The 3×3 neighbours, summed in the order the gradients always were (the same Float32 values).
      const nw = grey[i - width - 1] as number;
      const n = grey[i - width] as number;
      const ne = grey[i - width + 1] as number;
      const w = grey[i - 1] as number;
      const e = grey[i + 1] as number;
      const sw = grey[i + width - 1] as number;
      const s = grey[i + width] as number;
      const se = grey[i + width + 1] as number;
      const sobelX = (ne + 2 * e + se - nw - 2 * w - sw) / 8;
      const sobelY = (sw + 2 * s + se - nw - 2 * n - ne) / 8;
      gx[i] = sobelX;
      gy[i] = sobelY;
      if (sobelX * sobelX + sobelY * sobelY >= floor) candidate[i] = 1;
    }
  }
  const face = { x: box.x * k, y: box.y * k, width: box.width * k, height: box.height * k };
  const cx = face.x + face.width / 2;
  const cy = face.y + face.height / 2;
  const runs: [number, number, number, number] = [0, 0, 0, 0];
  // Left/right sides: near-vertical lines (±35°); top/bottom: near-horizontal.
  for (let side = 0; side < 4; side++) {
    const vertical = side < 2;
    let best = 0;
    for (let deg = -35; deg <= 35; deg += ANGLE_STEP) {
      const angle = (deg * Math.PI) / 180;
      // Direction along the line, and the normal (the gradient direction of an edge on it).
      const along = vertical ? [Math.sin(angle), Math.cos(angle)] : [Math.cos(angle), Math.sin(angle)];
      const normal = [along[1] as number, -(along[0] as number)];
      const sign = side === 0 || side === 2 ? -1 : 1;
      const reach = (vertical ? face.width : face.height) * MAX_DISTANCE;
      const start = (vertical ? face.width : face.height) * 0.55;
      for (let d = start; d <= start + reach; d += 1) {
        // The line passes through the point at distance d from the face centre along the normal.
        const px = cx + sign * d * (normal[0] as number);
        const py = cy + sign * d * (normal[1] as number);
        const run = longestRun(
          gx,
          gy,
          candidate,
          width,
          height,
          px,
          py,
          along as [number, number],
          normal as [number, number],
          Math.round(face.height * 3),
        );
        const inFaceHeights = run / face.height;
        if (inFaceHeights > best) best = inFaceHeights;
      }
    }
    runs[side] = Math.round(best * 100) / 100;
  }
  const sides = runs.filter((run) => run >= MIN_RUN).length;
  return { sides, runs };
}

export function looksLikeHeldPicture(frame: PictureFrame, nativePeriodicity = 0): boolean {
  return frame.sides >= FRAME_MIN_SIDES || (frame.sides >= 2 && nativePeriodicity >= TWO_SIDES_PERIODICITY);
}

/** Longest run of consecutive edge pixels (gradient along the normal, either polarity) on the line. */
function longestRun(
  gx: Float32Array,
  gy: Float32Array,
  candidate: Uint8Array,
  width: number,
  height: number,
  px: number,
  py: number,
  along: [number, number],
  normal: [number, number],
  limit: number,
): number {
  const [ax, ay] = along;
  const [nx, ny] = normal;
  // Only the stretch of the line inside the image can hold a run: outside it every point resets the run,
  // which before the stretch is the state the walk starts in. The stretch is solved from the line's
  // equation and widened by two steps, so rounding never cuts off a point the walk would have visited.
  const spanX = insideSpan(px, ax, width);
  const spanY = insideSpan(py, ay, height);
  if (!spanX || !spanY) return 0;
  const from = Math.max(-limit, spanX[0], spanY[0]);
  const to = Math.min(limit, spanX[1], spanY[1]);
  let best = 0;
  let run = 0;
  let gapLeft = 2;
  for (let t = from; t <= to; t++) {
    const x = Math.round(px + t * ax);
    const y = Math.round(py + t * ay);
    if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) {
      run = 0;
      continue;
    }
    const i = y * width + x;
    let edge = false;
    if (candidate[i] === 1) {
      const strength = Math.abs((gx[i] as number) * nx + (gy[i] as number) * ny);
      const across = Math.abs((gx[i] as number) * ax + (gy[i] as number) * ay);
      edge = strength >= EDGE && strength > 1.5 * across;
    }
    if (edge) {
      run++;
      gapLeft = 2;
      if (run > best) best = run;
    } else if (run > 0 && gapLeft > 0) {
      gapLeft--;
    } else {
      run = 0;
    }
  }
  return best;
}

/**
 * Steps t (widened by two) at which round(p + t × a) lies in 1..size − 2, the pixels longestRun reads;
 * null when no step does (a line parallel to that axis outside it).
 */
function insideSpan(p: number, a: number, size: number): [number, number] | null {
  if (a === 0) {
    const at = Math.round(p);
    return at < 1 || at >= size - 1 ? null : [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
  }
  const enter = (0.5 - p) / a;
  const leave = (size - 1.5 - p) / a;
  return [Math.floor(Math.min(enter, leave)) - 2, Math.ceil(Math.max(enter, leave)) + 2];
}
