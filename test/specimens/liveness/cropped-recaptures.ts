// Re-captures framed the way an attacker frames them, so that nothing around the face gives the
// instrument away: no paper edge, no bezel, no room.
// - A printed photograph photographed close at a slight angle under a warm lamp, the camera framed
//   inside the paper (its edges cropped out): only the print itself (halftone, ink gamut, paper
//   grain, gloss) and the lamp's uneven warm light remain.
// - A phone screen showing the face, photographed full-frame with no bezel: the camera's sensor
//   samples the screen's sub-pixel grid without an optical low-pass filter (as phone cameras do), so
//   the grid aliases into colour moiré at the sensor's resolution; the phone then scales the picture
//   down, which keeps the moiré's low-frequency beats and drops the grid itself.
import type { Random } from "../seeded-random.js";
import type { Box } from "./attacks.js";
import { planarRotation } from "./attacks.js";
import { camera, printedSheet } from "./held-attacks.js";
import { blank, clampByte, type Raw, sample } from "./raw-image.js";

const OUT_WIDTH = 640;
const OUT_HEIGHT = 480;
/** The camera's sensor, in output pixels per side: the phone scales its picture down by this. */
const SENSOR_FACTOR = 2;

/** The region of `source` around the face (2.4 face widths wide, 4:3), clamped to the picture. */
function faceRegion(source: Raw, face: Box | undefined): Box {
  if (!face) return { x: 0, y: 0, width: source.width, height: source.height };
  const width = Math.min(source.width, face.width * 2.4);
  const height = Math.min(source.height, (width * OUT_HEIGHT) / OUT_WIDTH);
  const x = Math.min(source.width - width, Math.max(0, face.x + face.width / 2 - width / 2));
  const y = Math.min(source.height - height, Math.max(0, face.y + face.height * 0.45 - height / 2));
  return { x, y, width, height };
}

/**
 * A printed photo held close at a slight angle (4–12° yaw, 3–10° pitch) under a warm lamp (tungsten
 * white balance left uncorrected, light falling off across the sheet), framed inside the paper. The
 * print is rendered at the sensor's resolution (2× the output), so its halftone cells measure about
 * 1.25–3 output pixels, as a photo print's do when the face fills the frame, and the phone's scaler
 * averages what the sensor resolved.
 */
export function croppedWarmPrint(source: Raw, random: Random, face?: Box): Raw {
  const factor = SENSOR_FACTOR;
  const region = faceRegion(source, face);
  const inset = 0.12;
  // The printed face region, at sensor resolution with the tilt's margin around the framed part.
  const printed = blank(
    Math.round((OUT_WIDTH * factor) / (1 - 2 * inset)),
    Math.round((OUT_HEIGHT * factor) / (1 - 2 * inset)),
  );
  for (let y = 0; y < printed.height; y++) {
    for (let x = 0; x < printed.width; x++) {
      const sx = region.x + (x / printed.width) * region.width;
      const sy = region.y + (y / printed.height) * region.height;
      for (let c = 0; c < 3; c++)
        printed.data[(y * printed.width + x) * 3 + c] = clampByte(sample(source, sx, sy, c, 0));
    }
  }
  const sheet = printedSheet(printed, random);
  const yaw = random.between(4, 12) * (random.chance(0.5) ? 1 : -1);
  const pitch = random.between(3, 10) * (random.chance(0.5) ? 1 : -1);
  const tilted = planarRotation(sheet, yaw, pitch, -1);
  const warm = [random.between(1.08, 1.18), 1, random.between(0.7, 0.84)];
  const lamp = {
    x: random.between(-0.3, 1.3),
    y: random.between(-0.3, 0.4),
    falloff: random.between(0.2, 0.45),
  };
  const width = OUT_WIDTH * factor;
  const height = OUT_HEIGHT * factor;
  const sensor = blank(width, height);
  const x0 = tilted.width * inset;
  const y0 = tilted.height * inset;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const distance = Math.hypot(x / width - lamp.x, y / height - lamp.y);
      const light = 1.1 - lamp.falloff * distance;
      for (let c = 0; c < 3; c++) {
        const value = sample(tilted, x0 + x, y0 + y, c, 0);
        sensor.data[(y * width + x) * 3 + c] = clampByte(value * light * (warm[c] as number));
      }
    }
  }
  return camera(areaDownscale(sensor, factor), random);
}

/**
 * A phone screen showing the face, photographed full-frame: the sensor (2× the output size) samples
 * a screen whose pixels measure 0.9–2.2 sensor pixels, turned 0.5–4°, with RGB stripe or
 * PenTile-like sub-pixels, a display gamma, the backlight's black level, a cool or warm white point
 * and a soft glare; then the phone scales it down by area averaging and adds its noise.
 */
export function fullFrameScreen(source: Raw, random: Random, face?: Box): Raw {
  const region = faceRegion(source, face);
  const factor = SENSOR_FACTOR;
  const width = OUT_WIDTH * factor;
  const height = OUT_HEIGHT * factor;
  const pitch = random.between(0.9, 2.2);
  const angle = (random.between(0.5, 4) * (random.chance(0.5) ? 1 : -1) * Math.PI) / 180;
  const pentile = random.chance(0.4);
  const blackLevel = random.between(12, 30);
  const white = random.chance(0.5) ? [0.93, 0.98, 1.07] : [1.04, 1, 0.94];
  const glare = { x: random.between(0, 1), y: random.between(0, 1), strength: random.between(0, 40) };
  // Screen pixels across the visible screen: the region spans the frame.
  const screenWidth = width / pitch;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const sensor = blank(width, height);
  const pixel = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Each sensor pixel integrates its area (2 × 2 samples) of the screen.
      pixel.fill(0);
      for (let k = 0; k < 4; k++) screenSample(x + 0.25 + 0.5 * (k % 2), y + 0.25 + 0.5 * (k >> 1), pixel);
      const shine =
        glare.strength *
        Math.exp(-(((x / width - glare.x) / 0.3) ** 2 + ((y / height - glare.y) / 0.2) ** 2));
      for (let c = 0; c < 3; c++)
        sensor.data[(y * width + x) * 3 + c] = clampByte((pixel[c] as number) / 4 + shine);
    }
  }
  return camera(areaDownscale(sensor, factor), random);

  function screenSample(x: number, y: number, into: number[]): void {
    // Sensor position → screen pixel coordinates (rotated grid).
    const cx = x - width / 2;
    const cy = y - height / 2;
    const u = (cx * cos + cy * sin) / pitch + screenWidth / 2;
    const v = (-cx * sin + cy * cos) / pitch + height / pitch / 2;
    const pu = Math.floor(u);
    const pv = Math.floor(v);
    const fu = u - pu;
    const fv = v - pv;
    const gap = fv > 0.85 ? 0.4 : 1;
    const srcX = region.x + (pu / screenWidth) * region.width;
    const srcY = region.y + ((pv * pitch) / height) * region.height;
    for (let c = 0; c < 3; c++) {
      const lit = pentile
        ? c === 1
          ? 1
          : (pu + pv + c) % 2 === 0
            ? 1.6
            : 0.4
        : Math.floor(fu * 3) === c
          ? 2.4
          : 0.3;
      const value = sample(source, srcX, srcY, c, 0) / 255;
      const shown = blackLevel + (235 - blackLevel) * value ** 1.1;
      into[c] = (into[c] as number) + shown * (white[c] as number) * (0.55 + 0.45 * lit * gap);
    }
  }
}

/** Mean of each factor × factor block (the phone's scaler). */
function areaDownscale(image: Raw, factor: number): Raw {
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const out = blank(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let dy = 0; dy < factor; dy++) {
          for (let dx = 0; dx < factor; dx++)
            sum += image.data[((y * factor + dy) * image.width + x * factor + dx) * 3 + c] as number;
        }
        out.data[(y * width + x) * 3 + c] = Math.round(sum / (factor * factor));
      }
    }
  }
  return out;
}
