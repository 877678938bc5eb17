// Clips of a camera held in the hand, which trembles: the whole frame moves a little between frames
// (mostly the hand turning the camera: a shift of 1–4 % of the frame, a degree of roll, a percent of
// scale, a slight keystone), the exposure breathes, the sensor adds noise and the encoder JPEG.
// - An attacker's clip: a picture (a print or a phone screen framed with nothing around it) held in
//   front of the camera or the camera held over it. Everything in the frame is the one flat picture, so
//   everything moves by the same tremor; nothing moves on its own.
// - Its bona fide counterpart: a live applicant filmed the same way. The hand's tremor moves the whole
//   frame too, and the head moves on its own on top of it, by a little (sway of 1.5–3 % of the face's
//   width, a percent of scale), as someone told to look at the camera and hold still does.
import type { Random } from "../seeded-random.js";
import { createRandom } from "../seeded-random.js";
import { headWeight } from "./attack-set.js";
import type { Box } from "./attacks.js";
import { blank, clampByte, jpeg, type Raw, sample } from "./raw-image.js";

interface Tremor {
  dx: number;
  dy: number;
  angle: number;
  scale: number;
  /** Keystone: a horizontal scale that grows down the frame (a camera pitched a little). */
  keystone: number;
  gain: number;
}

/** A smooth random walk of hand tremor, `count` poses, each within the ranges named above. */
function tremorPath(random: Random, width: number, count: number): Tremor[] {
  const reach = width * random.between(0.01, 0.035);
  const phase = Array.from({ length: 6 }, () => random.between(0, 2 * Math.PI));
  const out: Tremor[] = [];
  for (let k = 0; k < count; k++) {
    const t = k / Math.max(1, count - 1);
    out.push({
      dx: reach * Math.sin(2.1 * t * Math.PI + (phase[0] as number)),
      dy: reach * 0.7 * Math.sin(1.7 * t * Math.PI + (phase[1] as number)),
      angle: (random.between(0.4, 1.2) * Math.PI * Math.sin(1.3 * t * Math.PI + (phase[2] as number))) / 180,
      scale: 1.12 + 0.012 * Math.sin(1.1 * t * Math.PI + (phase[3] as number)),
      keystone: 0.01 * Math.sin(0.9 * t * Math.PI + (phase[4] as number)),
      gain: 1 + 0.025 * Math.sin(1.9 * t * Math.PI + (phase[5] as number)),
    });
  }
  return out;
}

/** Where output pixel (x, y) comes from in the picture under tremor pose `p` (the camera's inverse map). */
function source(p: Tremor, width: number, height: number, x: number, y: number): [number, number] {
  const cx = width / 2;
  const cy = height / 2;
  const u = x - cx - p.dx;
  const v = y - cy - p.dy;
  const along = 1 + p.keystone * (v / height);
  const c = Math.cos(-p.angle) / (p.scale * along);
  const s = Math.sin(-p.angle) / (p.scale * along);
  return [cx + c * u - s * v, cy + s * u + c * v];
}

interface HeadSway {
  face: Box;
  /** Per frame: the head's own shift (x, y) and scale, on top of the camera's tremor. */
  poses: { dx: number; dy: number; scale: number }[];
}

function headSway(random: Random, face: Box, count: number): HeadSway {
  const reach = face.width * random.between(0.015, 0.03);
  const phase = random.between(0, 2 * Math.PI);
  return {
    face,
    poses: Array.from({ length: count }, (_, k) => ({
      dx: reach * Math.sin(k * 0.8 + phase),
      dy: reach * 0.6 * Math.cos(k * 0.6 + phase),
      scale: 1 + 0.01 * Math.sin(k * 0.5 + phase),
    })),
  };
}

async function render(
  picture: Raw,
  seed: number,
  count: number,
  head?: { face: Box; random: Random },
): Promise<Buffer[]> {
  const random = createRandom(8300 + seed);
  const path = tremorPath(random, picture.width, count);
  const sway = head ? headSway(head.random, head.face, count) : undefined;
  const frames: Buffer[] = [];
  for (let k = 0; k < count; k++) {
    const pose = path[k] as Tremor;
    const out = blank(picture.width, picture.height);
    for (let y = 0; y < picture.height; y++) {
      for (let x = 0; x < picture.width; x++) {
        let [sx, sy] = source(pose, picture.width, picture.height, x, y);
        if (sway) [sx, sy] = swayed(sway, k, sx, sy);
        const i = (y * picture.width + x) * 3;
        for (let c = 0; c < 3; c++) {
          const value = sample(
            picture,
            Math.min(picture.width - 1, Math.max(0, sx)),
            Math.min(picture.height - 1, Math.max(0, sy)),
            c,
          );
          out.data[i + c] = clampByte(value * pose.gain + random.normal(0, 1.5));
        }
      }
    }
    frames.push(await jpeg(out, random.int(80, 90)));
  }
  return frames;
}

/** The scene point seen at (sx, sy) when the head inside the ellipse around `face` sways by pose k. */
function swayed(sway: HeadSway, k: number, sx: number, sy: number): [number, number] {
  const { face } = sway;
  const pose = sway.poses[k] as HeadSway["poses"][number];
  const cx = face.x + face.width / 2;
  const cy = face.y + face.height * 0.45;
  const weight = headWeight(face, pose.dx, pose.dy, sx, sy);
  const hx = cx + (sx - cx - pose.dx) / pose.scale;
  const hy = cy + (sy - cy - pose.dy) / pose.scale;
  return [hx * weight + sx * (1 - weight), hy * weight + sy * (1 - weight)];
}

/** An attack clip: the flat picture (already a re-capture, e.g. a cropped print) shaken by the hand. */
export function shakenPictureFrames(picture: Raw, seed: number, count = 6): Promise<Buffer[]> {
  return render(picture, seed, count);
}

/** A bona fide clip: the live scene of `photo` filmed by a trembling hand while the head sways a little. */
export function handheldLiveFrames(photo: Raw, face: Box, seed: number, count = 6): Promise<Buffer[]> {
  return render(photo, seed, count, { face, random: createRandom(8400 + seed) });
}
