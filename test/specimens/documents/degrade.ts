// Camera-like degradations, all drawn from the seed: the card lies on a desk at a slight angle, is a
// little out of focus, noisy, under- or over-exposed and JPEG-compressed (q35–70).
import sharp from "sharp";
import type { Random } from "../seeded-random.js";
import type { Degradation } from "./specimen.js";

export function drawDegradation(random: Random): Degradation {
  return {
    rotationDegrees: (random.next() * 2 - 1) * 3,
    scale: 0.75 + random.next() * 0.3,
    blurSigma: random.next() < 0.5 ? 0 : 0.4 + random.next() * 0.8,
    noise: 4 + random.next() * 10,
    brightness: 0.8 + random.next() * 0.35,
    jpegQuality: random.int(35, 70),
  };
}

export async function applyDegradation(png: Buffer, d: Degradation, random: Random): Promise<Buffer> {
  const meta = await sharp(png).metadata();
  const width = Math.round((meta.width ?? 0) * d.scale);
  const height = Math.round((meta.height ?? 0) * d.scale);
  const desk = { r: random.int(70, 140), g: random.int(60, 120), b: random.int(50, 100) };
  const margin = Math.round(width * 0.06);

  let pipeline = sharp(png)
    .resize(width, height)
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: desk })
    .rotate(d.rotationDegrees, { background: desk });
  if (d.blurSigma > 0.3) pipeline = pipeline.blur(d.blurSigma);
  const { data, info } = await pipeline
    .modulate({ brightness: d.brightness })
    .raw()
    .toBuffer({ resolveWithObject: true });

  // Sensor noise: uniform sum approximating a Gaussian, per channel.
  for (let i = 0; i < data.length; i++) {
    const n = (random.next() + random.next() + random.next() - 1.5) * d.noise;
    data[i] = Math.max(0, Math.min(255, data[i]! + n));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: d.jpegQuality })
    .toBuffer();
}
