// Generators of the labelled PASSIVE attack set (manifest.ts lists the presentations and their split).
// Built from the real photographs in ../shared/data/faces/deepface and documents rendered by
// test/specimens/documents, the way an attacker holding only an image of someone's ID would:
// the page's own portrait cropped, rescaled, recompressed, rotated or photographed off the page; the
// whole page; the page held up in a room; prints and screens; still and panned/zoomed clips.
import sharp from "sharp";
import { detectFacesWith } from "../../../src/engines/document/face-portrait-detector.js";
import { findPortrait } from "../../../src/engines/document/portrait.js";
import type { FaceEngine } from "../../../src/engines/face/face-engine.js";
import type { CapturedFrame } from "../../../src/engines/liveness/liveness-types.js";
import { applyDegradation, drawDegradation } from "../documents/degrade.js";
import { drawDrivingLicence } from "../documents/driving-licence.js";
import { drawPassport } from "../documents/passport.js";
import { createRandom, type Random } from "../seeded-random.js";
import { planarRotation, printAttack, screenAttack } from "./attacks.js";
import { clipFromStills, FACES_DIR } from "./captures.js";
import { blank, clampByte, jpeg, type Raw, readRaw, sample } from "./raw-image.js";

export interface IdDocument {
  /** The camera-degraded capture of the whole page (what the attacker holds). */
  page: Buffer;
  /** The portrait the document engine cuts from it (what FACE_MATCH compares against). */
  portrait: Buffer;
}

/** A document of the person in `photo` (passport, or a driving licence for odd seeds), camera-degraded. */
export async function renderDocument(
  face: FaceEngine,
  photo: string,
  seed: number,
): Promise<IdDocument | null> {
  const random = createRandom(9000 + seed);
  const path = new URL(photo, FACES_DIR).pathname;
  const draft =
    seed % 2 === 0
      ? await drawPassport(random, path, seed, {})
      : await drawDrivingLicence(random, path, seed);
  const page = await applyDegradation(await draft.canvas.toPng(), drawDegradation(random), random);
  const portrait = (await findPortrait(page, detectFacesWith(face))).crop;
  return portrait ? { page, portrait } : null;
}

/** The portrait recropped with loose margins, rescaled 0.6–2×, slightly rotated, JPEG 45–90. */
export async function reuseCrop(portrait: Buffer, random: Random): Promise<Buffer> {
  const meta = await sharp(portrait).metadata();
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  const left = Math.round(w * random.between(0, 0.12));
  const top = Math.round(h * random.between(0, 0.12));
  const width = Math.round(w * random.between(0.82, 1) - left * 0.5);
  const height = Math.round(h * random.between(0.82, 1) - top * 0.5);
  return sharp(portrait)
    .extract({ left, top, width: Math.min(width, w - left), height: Math.min(height, h - top) })
    .resize({ width: Math.round(width * random.between(0.6, 2)) })
    .rotate(random.between(-6, 6), { background: { r: 235, g: 235, b: 230 } })
    .jpeg({ quality: random.int(45, 90) })
    .toBuffer();
}

/** The portrait photographed off the page: perspective, glare, defocus, a warm room around it. */
export async function reuseRephoto(portrait: Buffer, random: Random): Promise<Buffer> {
  const raw = await readRaw(await sharp(portrait).resize({ width: 480 }).png().toBuffer(), 480);
  const tilted = planarRotation(raw, random.between(-18, 18), random.between(-14, 14), 120);
  const gx = random.between(0.2, 0.8) * tilted.width;
  const gy = random.between(0.1, 0.5) * tilted.height;
  const out = blank(tilted.width, tilted.height);
  for (let y = 0; y < tilted.height; y++) {
    for (let x = 0; x < tilted.width; x++) {
      const glare =
        70 * Math.exp(-(((x - gx) / (tilted.width * 0.2)) ** 2 + ((y - gy) / (tilted.height * 0.15)) ** 2));
      for (let c = 0; c < 3; c++) {
        const i = (y * tilted.width + x) * 3 + c;
        out.data[i] = clampByte(
          (tilted.data[i] as number) * [1.04, 1, 0.92][c]! + glare + random.normal(0, 3),
        );
      }
    }
  }
  return sharp(await jpeg(out, 85))
    .blur(0.8)
    .jpeg({ quality: random.int(60, 85) })
    .toBuffer();
}

/** The whole page held up in a room: small, tilted, over a wall, a finger over its lower edge. */
export async function documentInHand(page: Buffer, random: Random): Promise<Buffer> {
  const raw = await readRaw(page, 420);
  // planarRotation paints outside the page black (−1 clamps to 0): those pixels show the wall.
  const tilted = planarRotation(raw, random.between(-20, 20), random.between(-15, 15), -1);
  const width = 640;
  const height = 480;
  const out = blank(width, height);
  const ox = random.int(20, Math.max(21, width - tilted.width - 20));
  const oy = random.int(20, Math.max(21, height - tilted.height - 20));
  const wall = [random.int(150, 210), random.int(140, 200), random.int(120, 180)];
  const finger = { x: ox + tilted.width * random.between(0.2, 0.8), y: oy + tilted.height };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const u = x - ox;
      const v = y - oy;
      const k = (v * tilted.width + u) * 3;
      const onPage =
        u >= 0 &&
        v >= 0 &&
        u < tilted.width &&
        v < tilted.height &&
        (tilted.data[k] as number) + (tilted.data[k + 1] as number) + (tilted.data[k + 2] as number) > 0;
      const onFinger = ((x - finger.x) / 28) ** 2 + ((y - finger.y) / 60) ** 2 < 1;
      for (let c = 0; c < 3; c++) {
        let value = (wall[c] as number) - y / 12 + random.normal(0, 2);
        if (onPage) value = tilted.data[k + c] as number;
        if (onFinger) value = [205, 160, 135][c] as number;
        out.data[i + c] = clampByte(value);
      }
    }
  }
  return jpeg(out, 85);
}

export async function printedPhoto(photo: Raw, seed: number): Promise<Buffer> {
  return jpeg(printAttack(photo, seed, 3.6 + (seed % 4) * 0.3));
}

export async function screenReplay(photo: Raw, seed: number): Promise<Buffer> {
  return jpeg(screenAttack(photo, seed));
}

/**
 * How much of the moving head a pixel shows, 0..1: 1 inside an ellipse of 1.5 face widths by 1.9 face
 * heights around the head's centre (0.45 face heights down the box), shifted by (dx, dy), fading out over
 * its rim into the room.
 */
export function headWeight(
  face: { x: number; y: number; width: number; height: number },
  dx: number,
  dy: number,
  x: number,
  y: number,
): number {
  const cx = face.x + face.width / 2;
  const cy = face.y + face.height * 0.45;
  const d = Math.sqrt(
    ((x - cx - dx) / (face.width * 0.75)) ** 2 + ((y - cy - dy) / (face.height * 0.95)) ** 2,
  );
  return d < 0.85 ? 1 : d > 1.15 ? 0 : (1.15 - d) / 0.3;
}

/**
 * Genuine head micro-motion: the head (an ellipse around the face, feathered) shifts, nods and comes a
 * little closer while the room behind it stays put; the camera adds sensor noise. Not a real video.
 */
export async function headMotionFrames(
  photo: Raw,
  face: { x: number; y: number; width: number; height: number },
  seed: number,
  count = 6,
): Promise<Buffer[]> {
  const random = createRandom(7000 + seed);
  const cx = face.x + face.width / 2;
  const cy = face.y + face.height * 0.45;
  const frames: Buffer[] = [];
  for (let k = 0; k < count; k++) {
    const dx = Math.sin(k * 0.9 + seed) * face.width * 0.08;
    const dy = Math.cos(k * 0.7 + seed) * face.height * 0.04;
    const scale = 1 + 0.04 * Math.sin(k * 0.6);
    const out = blank(photo.width, photo.height);
    for (let y = 0; y < photo.height; y++) {
      for (let x = 0; x < photo.width; x++) {
        const weight = headWeight(face, dx, dy, x, y);
        const sx = cx + (x - cx - dx) / scale;
        const sy = cy + (y - cy - dy) / scale;
        const i = (y * photo.width + x) * 3;
        for (let c = 0; c < 3; c++) {
          const head = sample(photo, sx, sy, c, photo.data[i + c] as number);
          const room = photo.data[i + c] as number;
          out.data[i + c] = clampByte(head * weight + room * (1 - weight) + random.normal(0, 1.5));
        }
      }
    }
    frames.push(await jpeg(out, 88));
  }
  return frames;
}

/** The photo held still: the same picture every frame (only sensor noise). */
export async function staticFrames(photo: Raw, seed: number, count = 6): Promise<Buffer[]> {
  const random = createRandom(7100 + seed);
  const frames: Buffer[] = [];
  for (let k = 0; k < count; k++) {
    const out = blank(photo.width, photo.height);
    for (let i = 0; i < out.data.length; i++)
      out.data[i] = clampByte((photo.data[i] as number) + random.normal(0, 0.6));
    frames.push(await jpeg(out, 90));
  }
  return frames;
}

/** The photo panned and zoomed in front of the camera as one flat picture (it fills the frame). */
export async function panZoomFrames(photo: Raw, seed: number, count = 6): Promise<Buffer[]> {
  const frames: Buffer[] = [];
  const direction = seed % 2 === 0 ? 1 : -1;
  for (let k = 0; k < count; k++) {
    const t = k / (count - 1);
    const scale = 1 + 0.25 * t;
    const dx = direction * photo.width * 0.1 * t;
    const dy = photo.height * 0.05 * t;
    const out = blank(photo.width, photo.height);
    for (let y = 0; y < photo.height; y++) {
      for (let x = 0; x < photo.width; x++) {
        const sx = (x - photo.width / 2 - dx) / scale + photo.width / 2;
        const sy = (y - photo.height / 2 - dy) / scale + photo.height / 2;
        const i = (y * photo.width + x) * 3;
        for (let c = 0; c < 3; c++) out.data[i + c] = clampByte(sample(photo, sx, sy, c, 40));
      }
    }
    frames.push(await jpeg(out, 88));
  }
  return frames;
}

/**
 * A screen replay as the camera samples it: the picture's brightness beats up and down between frames
 * (refresh/PWM dimming against the camera's exposure) and a dark refresh band rolls down the frame.
 */
export async function screenFlickerFrames(photo: Raw, seed: number, count = 6): Promise<Buffer[]> {
  const random = createRandom(7200 + seed);
  const frames: Buffer[] = [];
  for (let k = 0; k < count; k++) {
    const gain = 1 + (k % 2 === 0 ? 1 : -1) * random.between(0.07, 0.12);
    const band = ((k * 0.37 + random.next() * 0.1) % 1) * photo.height;
    const out = blank(photo.width, photo.height);
    for (let y = 0; y < photo.height; y++) {
      const shade = Math.abs(y - band) < photo.height * 0.08 ? 0.85 : 1;
      for (let x = 0; x < photo.width; x++) {
        const i = (y * photo.width + x) * 3;
        for (let c = 0; c < 3; c++) out.data[i + c] = clampByte((photo.data[i + c] as number) * gain * shade);
      }
    }
    frames.push(await jpeg(out, 88));
  }
  return frames;
}

/** Frames as a burst (t_ms 250 apart) or a WebM clip (null without ffmpeg). */
export function asBurst(frames: Buffer[]): CapturedFrame[] {
  return frames.map((bytes, i) => ({ bytes, t_ms: i * 250 }));
}

export function asClip(frames: Buffer[]): Promise<Buffer | null> {
  return clipFromStills(frames, 0.25);
}
