// Camera-photo simulation for MRZ documents: the document lies on a desk or is held at an angle
// (perspective), is photographed with a lens that blurs a little, under uneven light with a glare spot,
// or off a screen (moiré); the sensor adds noise, the phone JPEG-compresses and may store the picture
// rotated (physically or through the EXIF orientation tag). Every draw comes from the seed.
import sharp from "sharp";
import { homography } from "../../../src/engines/document/mrz-locate.js";
import type { Random } from "../seeded-random.js";

export type CaptureCondition = "scan" | "photo" | "glare" | "screen" | "lowres" | "rotated" | "handheld";
export const CAPTURE_CONDITIONS: CaptureCondition[] = [
  "scan",
  "photo",
  "glare",
  "screen",
  "lowres",
  "rotated",
];
/** Conditions for documents printed the real way (mrz-document.ts RealPrint): the above plus handheld. */
export const REAL_CAPTURE_CONDITIONS: CaptureCondition[] = [...CAPTURE_CONDITIONS, "handheld"];

export interface Capture {
  condition: CaptureCondition;
  /** Quarter turns clockwise the stored picture is off by (0 unless rotated). */
  quarterTurns: number;
  /** Whether the turn is only in the EXIF orientation tag (pixels stored upright). */
  exif: boolean;
}

type Point = [number, number];

async function warpOntoDesk(
  doc: Buffer,
  random: Random,
  tilt: number,
  deskScale: number,
  maxAngle = 0.12,
): Promise<Buffer> {
  const { data: src, info } = await sharp(doc).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const outW = Math.round(w * deskScale);
  const outH = Math.round(h * deskScale);
  const cx = outW / 2 + random.between(-0.04, 0.04) * outW;
  const cy = outH / 2 + random.between(-0.04, 0.04) * outH;
  const angle = random.between(-1, 1) * maxAngle;
  const corners: Point[] = [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ].map(([x, y]) => {
    const jx = x! + random.between(-tilt, tilt) * w;
    const jy = y! + random.between(-tilt, tilt) * h;
    return [
      cx + jx * Math.cos(angle) - jy * Math.sin(angle),
      cy + jx * Math.sin(angle) + jy * Math.cos(angle),
    ];
  });
  // Inverse map: output pixel → document pixel.
  const m = homography(corners, [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ]);
  const desk = [random.int(60, 160), random.int(50, 140), random.int(40, 120)];
  const out = Buffer.alloc(outW * outH * 3);
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      const d = m[6]! * x + m[7]! * y + 1;
      const u = (m[0]! * x + m[1]! * y + m[2]!) / d;
      const v = (m[3]! * x + m[4]! * y + m[5]!) / d;
      const o = (y * outW + x) * 3;
      if (u < 0 || v < 0 || u >= w - 1 || v >= h - 1) {
        const grain = ((x * 7 + y * 13) % 11) - 5;
        for (let c = 0; c < 3; c++) out[o + c] = desk[c]! + grain;
        continue;
      }
      const x0 = Math.floor(u);
      const y0 = Math.floor(v);
      const fx = u - x0;
      const fy = v - y0;
      const a = (y0 * w + x0) * 3;
      const b = a + w * 3;
      for (let c = 0; c < 3; c++) {
        const top = src[a + c]! * (1 - fx) + src[a + 3 + c]! * fx;
        const bottom = src[b + c]! * (1 - fx) + src[b + 3 + c]! * fx;
        out[o + c] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  return sharp(out, { raw: { width: outW, height: outH, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

interface Light {
  gradient: number;
  glare: number;
  /** Glare drawn out into a lamination streak: length over width (1 = a round spot). */
  streak: number;
  moire: number;
  noise: number;
}

async function light(
  png: Buffer,
  random: Random,
  l: Light,
): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const gx = random.between(-1, 1);
  const gy = random.between(-1, 1);
  const glareX = random.between(0.2, 0.8) * width;
  const glareY = random.between(0.2, 0.8) * height;
  const glareR = random.between(0.08, 0.18) * width;
  const moirePeriod = random.between(3.2, 5.5);
  const moireAngle = random.between(0, Math.PI);
  const ca = Math.cos(moireAngle);
  const sa = Math.sin(moireAngle);
  const streakAngle = l.streak === 1 ? 0 : random.between(0, Math.PI);
  const sc = Math.cos(streakAngle);
  const ss = Math.sin(streakAngle);
  // One noise table drawn from the seed, read at seeded offsets: per-pixel draws would dominate the time.
  const table = Float32Array.from(
    { length: 4096 },
    () => (random.next() + random.next() + random.next() - 1.5) * l.noise,
  );
  let k = random.int(0, 4095);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const shade = 1 + l.gradient * ((gx * (x - width / 2)) / width + (gy * (y - height / 2)) / height);
      let add = 0;
      if (l.glare > 0) {
        const along = (x - glareX) * sc + (y - glareY) * ss;
        const across = -(x - glareX) * ss + (y - glareY) * sc;
        const r2 = ((along / l.streak) ** 2 + across ** 2) / glareR ** 2;
        if (r2 < 9) add += l.glare * 255 * Math.exp(-r2);
      }
      if (l.moire > 0) add += l.moire * Math.sin(((x * ca + y * sa) / moirePeriod) * 2 * Math.PI);
      for (let c = 0; c < 3; c++) {
        const i = (y * width + x) * 3 + c;
        k = (k + 2039) & 4095;
        data[i] = Math.max(0, Math.min(255, data[i]! * shade + add + table[k]!));
      }
    }
  }
  return { data, width, height };
}

/**
 * Photographs a rendered document under one capture condition. `hard` (its own seeded draws, so the
 * other specimens stay as they were): a faint lamination streak in every photograph, JPEG quality
 * 50–70, and at low resolution characters 8–12 px high.
 */
export async function photograph(
  doc: Buffer,
  condition: CaptureCondition,
  random: Random,
  real = false,
  hard?: Random,
): Promise<{ image: Buffer; capture: Capture }> {
  const meta = await sharp(doc).metadata();
  let input = doc;
  if (condition === "scan") {
    input = await sharp(doc)
      .resize({ width: Math.round((meta.width ?? 1000) * random.between(0.9, 1.2)) })
      .png()
      .toBuffer();
  } else if (condition === "handheld") {
    // Held in hand: up to 10° off level, stronger perspective, the whole page in a small photo.
    input = await warpOntoDesk(doc, random, random.between(0.03, 0.07), random.between(1.1, 1.3), 0.175);
  } else {
    const tilt = condition === "screen" ? 0.02 : random.between(0.015, 0.045);
    input = await warpOntoDesk(doc, random, tilt, random.between(1.15, 1.35));
  }
  const params: Light =
    condition === "scan"
      ? { gradient: 0.05, glare: 0, streak: 1, moire: 0, noise: 4 }
      : {
          gradient: random.between(0.15, 0.45),
          glare: condition === "glare" ? random.between(0.35, 0.6) : 0,
          streak: real ? random.between(2, 5) : 1,
          moire: condition === "screen" ? random.between(10, 18) : 0,
          noise: random.between(4, 12),
        };
  if (hard && condition !== "scan" && params.glare === 0) {
    params.glare = hard.between(0.12, 0.25);
    params.streak = hard.between(3, 6);
  }
  const lit = await light(input, random, params);
  let pipeline = sharp(lit.data, { raw: { width: lit.width, height: lit.height, channels: 3 } });
  const blur = condition === "scan" ? 0 : random.between(0.3, condition === "handheld" ? 1.4 : 1.1);
  if (blur > 0.3) pipeline = pipeline.blur(blur);
  if (condition === "lowres") {
    const factor = random.between(0.5, 0.62);
    // OCR-B capitals are ~24 px high on the rendered page: 0.34–0.5 of it leaves 8–12 px.
    pipeline = pipeline.resize({ width: Math.round(lit.width * (hard ? hard.between(0.34, 0.5) : factor)) });
  }
  if (condition === "handheld") pipeline = pipeline.resize({ width: random.int(600, 1000) });
  const quarterTurns = condition === "rotated" ? random.int(1, 3) : 0;
  const exif = quarterTurns > 0 && random.chance(0.5);
  const drawn = random.int(condition === "lowres" || condition === "handheld" ? 50 : 60, 88);
  const quality = hard && condition !== "scan" ? hard.int(50, 70) : drawn;
  let image = await pipeline.jpeg({ quality }).toBuffer();
  if (quarterTurns > 0) {
    // Stored turned by `quarterTurns` clockwise-from-upright; EXIF variants store upright pixels of a
    // sensor turned the other way and let the tag say how to show them (orientations 6, 3, 8).
    const turned = await sharp(image)
      .rotate(-90 * quarterTurns)
      .jpeg({ quality })
      .toBuffer();
    image = exif
      ? await sharp(turned)
          .withMetadata({ orientation: [1, 6, 3, 8][quarterTurns] })
          .jpeg({ quality })
          .toBuffer()
      : turned;
  }
  return { image, capture: { condition, quarterTurns, exif } };
}
