// Presentation attacks produced from real photographs (ISO/IEC 30107-3 attack instruments): the photo
// re-captured as a halftone print, re-captured from an LCD screen, moved in front of the camera as a
// flat plane, and shown under a colour flash it cannot respond to. Every generator is seeded.
import { blank, clampByte, gaussian, type Raw, sample, seededRandom } from "./raw-image.js";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A colour print re-captured by a camera: CMY halftone dots on rotated screens, paper white and ink
 * black compressing the dynamic range, paper grain, a warm cast, then the camera's slight defocus.
 */
export function printAttack(source: Raw, seed = 1, period = 4.2): Raw {
  const random = seededRandom(seed);
  const out = blank(source.width, source.height);
  const angles = [(15 * Math.PI) / 180, (75 * Math.PI) / 180, 0];
  const paper = [238, 232, 220];
  for (let y = 0; y < source.height; y++) {
    for (let x = 0; x < source.width; x++) {
      const i = (y * source.width + x) * 3;
      const grain = 1 + gaussian(random) * 0.03;
      for (let c = 0; c < 3; c++) {
        const angle = angles[c] as number;
        const u = x * Math.cos(angle) + y * Math.sin(angle);
        const v = -x * Math.sin(angle) + y * Math.cos(angle);
        const threshold =
          (Math.cos((2 * Math.PI * u) / period) + Math.cos((2 * Math.PI * v) / period)) / 4 + 0.5;
        const ink = 1 - (source.data[i + c] as number) / 255;
        const inked = ink > threshold ? 1 : 0;
        const value = (paper[c] as number) * (1 - 0.82 * inked) * grain;
        out.data[i + c] = clampByte(value);
      }
    }
  }
  return boxBlur(out, 1);
}

/**
 * A photo shown on an LCD and re-captured: RGB sub-pixel stripes with a dark pixel grid sampled by a
 * slightly rotated camera at a non-integer pitch (moiré), display gamma, lifted blacks from the
 * backlight, a cool cast, glare, and the dark bezel with the room around it.
 */
export function screenAttack(source: Raw, seed = 1): Raw {
  const random = seededRandom(seed);
  const { width, height } = source;
  const out = blank(width, height);
  const angle = ((1.5 + random() * 2) * Math.PI) / 180;
  const screenScale = 0.78; // the screen fills 78 % of the frame
  const pitch = 0.8 + random() * 0.25; // camera pixels per screen pixel: the screen is finer than the sensor
  const left = (width * (1 - screenScale)) / 2;
  const top = (height * (1 - screenScale)) / 2;
  const bezel = Math.round(width * 0.04);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const cx = x - width / 2;
      const cy = y - height / 2;
      const rx = cx * Math.cos(angle) - cy * Math.sin(angle) + width / 2;
      const ry = cx * Math.sin(angle) + cy * Math.cos(angle) + height / 2;
      const inScreen = rx >= left && rx < width - left && ry >= top && ry < height - top;
      const inBezel =
        rx >= left - bezel && rx < width - left + bezel && ry >= top - bezel && ry < height - top + bezel;
      if (!inScreen) {
        const room = inBezel ? [18, 18, 20] : [150 - y / 8, 140 - y / 10, 120];
        for (let c = 0; c < 3; c++) out.data[i + c] = clampByte((room[c] as number) + gaussian(random) * 3);
        continue;
      }
      const sx = (rx - left) / (width - 2 * left);
      const sy = (ry - top) / (height - 2 * top);
      const glare = 40 * Math.exp(-(((sx - 0.7) / 0.25) ** 2 + ((sy - 0.25) / 0.2) ** 2));
      // The camera integrates each of its pixels over the screen's finer sub-pixel grid (4 × 4 samples);
      // the leftover beat between the two pitches is the moiré.
      const total = [0, 0, 0];
      for (let oy = 0.125; oy < 1; oy += 0.25) {
        for (let ox = 0.125; ox < 1; ox += 0.25) {
          const px = ((rx + ox - left) / pitch) * 3;
          const py = (ry + oy - top) / pitch;
          const stripe = ((Math.floor(px) % 3) + 3) % 3;
          const gap = py - Math.floor(py) > 0.8 ? 0.3 : 1;
          const srcX = ((Math.floor(px / 3) * pitch) / (width - 2 * left)) * (width - 1);
          const srcY = ((Math.floor(py) * pitch) / (height - 2 * top)) * (height - 1);
          const value = sample(source, Math.min(srcX, width - 1), Math.min(srcY, height - 1), stripe);
          (total as number[])[stripe] = (total[stripe] as number) + 3 * value * gap;
        }
      }
      const tint = [0.92, 0.98, 1.08];
      for (let c = 0; c < 3; c++) {
        const linear = Math.min(1, (total[c] as number) / 16 / 255 / 0.86) ** 0.85;
        out.data[i + c] = clampByte((22 + 225 * linear) * (tint[c] as number) + glare + gaussian(random) * 2);
      }
    }
  }
  return out;
}

/**
 * The photo as a flat card rotated about its vertical (yaw) or horizontal (pitch) axis in front of a
 * pinhole camera: what "turn your head" looks like when a print is tilted instead.
 */
export function planarRotation(source: Raw, yawDegrees: number, pitchDegrees = 0, background = 90): Raw {
  const { width, height } = source;
  const out = blank(width, height);
  const focal = width * 1.2;
  const yaw = (yawDegrees * Math.PI) / 180;
  const pitch = (pitchDegrees * Math.PI) / 180;
  // Plane point (u, v, 0) around the centre, rotated, at distance `focal`; invert per output pixel by
  // intersecting the camera ray with the rotated plane.
  const normal = [Math.sin(yaw) * Math.cos(pitch), -Math.sin(pitch), Math.cos(yaw) * Math.cos(pitch)];
  const axisU = [Math.cos(yaw), 0, -Math.sin(yaw)];
  const axisV = [Math.sin(yaw) * Math.sin(pitch), Math.cos(pitch), Math.cos(yaw) * Math.sin(pitch)];
  const dot = (a: number[], b: number[]) =>
    (a[0] as number) * (b[0] as number) +
    (a[1] as number) * (b[1] as number) +
    (a[2] as number) * (b[2] as number);
  const centre = [0, 0, focal];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ray = [x - width / 2, y - height / 2, focal];
      const t = dot(centre, normal) / dot(ray, normal);
      const hit = ray.map((r) => r * t);
      const rel = [(hit[0] as number) - 0, (hit[1] as number) - 0, (hit[2] as number) - focal];
      const u = dot(rel, axisU) + width / 2;
      const v = dot(rel, axisV) + height / 2;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) out.data[i + c] = clampByte(sample(source, u, v, c, background));
    }
  }
  return out;
}

export type FlashResponse = "genuine" | "screen" | "none";

/**
 * One frame lit by a flash colour. `genuine`: light falls off with distance, so the near face takes
 * most of it (reflected = albedo × light) and the background little; `screen`: a glossy flat display
 * reflects the flash uniformly over the whole frame; `none`: a matte print far from the light.
 */
export function flashFrame(
  source: Raw,
  face: Box,
  rgb: [number, number, number],
  response: FlashResponse,
  seed = 1,
): Raw {
  const random = seededRandom(seed);
  const out = blank(source.width, source.height);
  const cx = face.x + face.width / 2;
  const cy = face.y + face.height / 2;
  for (let y = 0; y < source.height; y++) {
    for (let x = 0; x < source.width; x++) {
      const i = (y * source.width + x) * 3;
      const d = ((x - cx) / (face.width * 0.7)) ** 2 + ((y - cy) / (face.height * 0.8)) ** 2;
      const nearness = response === "genuine" ? 0.12 + 0.88 * Math.exp(-d * d) : 1;
      for (let c = 0; c < 3; c++) {
        const base = source.data[i + c] as number;
        const light = (rgb[c] as number) / 255;
        const value =
          response === "genuine"
            ? base * (0.8 + 0.55 * light * nearness)
            : response === "screen"
              ? base * 0.9 + 45 * light
              : base;
        out.data[i + c] = clampByte(value + gaussian(random) * 1.5);
      }
    }
  }
  return out;
}

/** Opaque dark lenses over both eyes (for check_sunglasses). */
export function sunglasses(source: Raw, eyes: [number, number][], radius: number): Raw {
  const out: Raw = { data: Uint8Array.from(source.data), width: source.width, height: source.height };
  for (let y = 0; y < source.height; y++) {
    for (let x = 0; x < source.width; x++) {
      const over = eyes.some(([ex, ey]) => ((x - ex) / (radius * 1.3)) ** 2 + ((y - ey) / radius) ** 2 <= 1);
      if (!over) continue;
      const i = (y * source.width + x) * 3;
      out.data[i] = 20;
      out.data[i + 1] = 22;
      out.data[i + 2] = 26;
    }
  }
  return out;
}

function boxBlur(image: Raw, radius: number): Raw {
  const out = blank(image.width, image.height);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        let n = 0;
        for (let dy = -radius; dy <= radius; dy++) {
          for (let dx = -radius; dx <= radius; dx++) {
            const xx = Math.min(image.width - 1, Math.max(0, x + dx));
            const yy = Math.min(image.height - 1, Math.max(0, y + dy));
            sum += image.data[(yy * image.width + xx) * 3 + c] as number;
            n++;
          }
        }
        out.data[(y * image.width + x) * 3 + c] = Math.round(sum / n);
      }
    }
  }
  return out;
}
