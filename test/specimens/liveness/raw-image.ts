// Raw RGB images for the liveness attack generators: decode, encode, sample, and a seeded random.
import sharp from "sharp";
import { createRandom } from "../seeded-random.js";

export interface Raw {
  data: Uint8Array;
  width: number;
  height: number;
}

export async function readRaw(bytes: Buffer, maxSide = 640): Promise<Raw> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

export function jpeg(image: Raw, quality = 90): Promise<Buffer> {
  return sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

export function blank(width: number, height: number): Raw {
  return { data: new Uint8Array(width * height * 3), width, height };
}

/** Bilinear sample of channel `c` at (x, y); outside the image gives `outside`. */
export function sample(image: Raw, x: number, y: number, c: number, outside = 0): number {
  if (x < 0 || y < 0 || x > image.width - 1 || y > image.height - 1) return outside;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(x0 + 1, image.width - 1);
  const y1 = Math.min(y0 + 1, image.height - 1);
  const fx = x - x0;
  const fy = y - y0;
  const at = (xx: number, yy: number) => image.data[(yy * image.width + xx) * 3 + c] as number;
  return (
    (at(x0, y0) * (1 - fx) + at(x1, y0) * fx) * (1 - fy) + (at(x0, y1) * (1 - fx) + at(x1, y1) * fx) * fy
  );
}

export function clampByte(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
}

/** A seeded uniform generator (the shared mulberry32 in ../seeded-random.ts). */
export function seededRandom(seed: number): () => number {
  return createRandom(seed).next;
}

/** Standard normal from a uniform generator (Box–Muller). */
export function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-9);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}
