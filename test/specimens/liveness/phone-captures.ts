// Genuine "phone captures": a real photograph passed through what a phone camera and its upload path do
// to a live selfie, so BPCER is measured on captures no liveness threshold was set on (manifest.ts
// `isPhoneCapture`). Each capture draws, from its seed:
// - the output resolution (720–2560 px on the long side; upscaling capped at 2×, as a digital zoom) and
//   the scaler's kernel;
// - mild motion blur (a hand-held shot; half the captures), exposure and white balance off by a phone's
//   auto exposure and auto white balance (warm tungsten or cool daylight casts);
// - sensor noise (read noise plus shot noise growing with brightness, some of it in colour), then the
//   ISP's sharpening (half the captures);
// - JPEG at quality 70–95 (4:2:0, or 4:4:4 at high quality), and for a third of them the pixels stored
//   sideways or upside down with an EXIF orientation tag, as a camera-roll upload arrives.
// These are simulations of a capture, not re-photographed scenes: the scene's own light, depth of field
// and pose are the web photograph's.
import sharp from "sharp";
import type { Random } from "../seeded-random.js";
import { clampByte } from "./raw-image.js";

const LONG_SIDES = [720, 960, 1280, 1600, 1920, 2560] as const;
const KERNELS = ["lanczos3", "cubic", "mitchell", "linear"] as const;
/** EXIF orientation → the rotation (degrees clockwise) that stores upright pixels under that tag. */
const STORED_ROTATION = { 3: 180, 6: 270, 8: 90 } as const;

export interface PhoneCaptureSettings {
  longSide: number;
  kernel: (typeof KERNELS)[number];
  blurLength: number;
  blurAngle: number;
  exposure: number;
  gamma: number;
  whiteBalance: [number, number, number];
  readNoise: number;
  shotNoise: number;
  chromaNoise: number;
  sharpen: boolean;
  quality: number;
  chroma444: boolean;
  orientation: 1 | 3 | 6 | 8;
}

export function drawPhoneCapture(random: Random): PhoneCaptureSettings {
  const warm = random.chance(0.5);
  const cast = random.between(0, 0.12);
  const quality = random.int(70, 95);
  return {
    longSide: random.pick(LONG_SIDES),
    kernel: random.pick(KERNELS),
    blurLength: random.chance(0.5) ? random.between(1, 4) : 0,
    blurAngle: random.between(0, Math.PI),
    exposure: random.between(0.72, 1.3),
    gamma: random.between(0.85, 1.15),
    whiteBalance: warm ? [1 + cast, 1, 1 - cast] : [1 - cast * 0.8, 1, 1 + cast],
    readNoise: random.between(0.8, 2.5),
    shotNoise: random.between(0.1, 0.4),
    chromaNoise: random.between(0, 0.5),
    sharpen: random.chance(0.5),
    quality,
    chroma444: quality >= 90 && random.chance(0.5),
    orientation: random.chance(0.33) ? random.pick([3, 6, 8] as const) : 1,
  };
}

/** The photograph (any format sharp reads) as a phone would capture and upload it, JPEG. */
export async function phoneCapture(photo: Buffer, random: Random): Promise<Buffer> {
  const settings = drawPhoneCapture(random);
  const meta = await sharp(photo).rotate().metadata();
  const longest = Math.max(meta.width ?? 1, meta.height ?? 1);
  const scale = Math.min(2, settings.longSide / longest);
  const { data, info } = await sharp(photo)
    .rotate()
    .resize({
      width: Math.round((meta.width ?? 1) * scale),
      height: Math.round((meta.height ?? 1) * scale),
      kernel: settings.kernel,
    })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = new Uint8Array(data.buffer, data.byteOffset, data.length);
  const blurred = motionBlur(pixels, info.width, info.height, settings.blurLength, settings.blurAngle);
  const exposed = expose(blurred, settings, random);
  let pipeline = sharp(Buffer.from(exposed), {
    raw: { width: info.width, height: info.height, channels: 3 },
  });
  if (settings.sharpen) pipeline = pipeline.sharpen({ sigma: 0.9 });
  const rotation = settings.orientation === 1 ? 0 : STORED_ROTATION[settings.orientation];
  if (rotation) pipeline = pipeline.rotate(rotation);
  const jpeg = pipeline.jpeg({
    quality: settings.quality,
    chromaSubsampling: settings.chroma444 ? "4:4:4" : "4:2:0",
  });
  return settings.orientation === 1
    ? jpeg.toBuffer()
    : jpeg.withMetadata({ orientation: settings.orientation }).toBuffer();
}

/** A straight blur of `length` pixels along `angle` (a hand moving during the exposure). */
function motionBlur(
  pixels: Uint8Array,
  width: number,
  height: number,
  length: number,
  angle: number,
): Uint8Array {
  if (length < 1) return pixels;
  const taps = Math.max(2, Math.ceil(length) + 1);
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const out = new Uint8Array(pixels.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let t = 0; t < taps; t++) {
          const s = (t / (taps - 1) - 0.5) * length;
          const xx = Math.min(width - 1, Math.max(0, Math.round(x + s * dx)));
          const yy = Math.min(height - 1, Math.max(0, Math.round(y + s * dy)));
          sum += pixels[(yy * width + xx) * 3 + c] as number;
        }
        out[(y * width + x) * 3 + c] = Math.round(sum / taps);
      }
    }
  }
  return out;
}

/** Auto exposure and white balance off by a little, then sensor noise on the result. */
function expose(pixels: Uint8Array, settings: PhoneCaptureSettings, random: Random): Uint8Array {
  const out = new Uint8Array(pixels.length);
  for (let i = 0; i < pixels.length; i += 3) {
    const shared = random.normal(0, 1);
    for (let c = 0; c < 3; c++) {
      const linear = ((pixels[i + c] as number) / 255) ** settings.gamma;
      const value = 255 * Math.min(1, linear * settings.exposure * (settings.whiteBalance[c] as number));
      const sd = settings.readNoise + settings.shotNoise * Math.sqrt(value);
      const own = random.normal(0, 1);
      const noise = sd * (shared * (1 - settings.chromaNoise) + own * settings.chromaNoise);
      out[i + c] = clampByte(value + noise);
    }
  }
  return out;
}
