// Attack instruments held up in a room, varied per seed so the detectors are not tuned to one
// generator's fingerprint: a photo printed (several halftone screen rulings, ink gamut, paper grain and
// tint, gloss) and held tilted in front of the camera with a hand on its edge; a phone screen (several
// pixel pitches, sub-pixel layouts, angles, backlight black level, glare streak) held the same way.
// The camera then adds its own defocus, noise and JPEG.
import type { Random } from "../seeded-random.js";
import { planarRotation } from "./attacks.js";
import { blank, clampByte, type Raw, sample } from "./raw-image.js";

/** A room behind the held instrument: a wall with a soft light gradient and a darker furniture band. */
function room(width: number, height: number, random: Random): Raw {
  const out = blank(width, height);
  const wall = [random.int(120, 215), random.int(115, 205), random.int(100, 195)];
  const band = random.between(0.6, 0.9) * height;
  const lightX = random.between(0, 1) * width;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const light = 1 - (0.25 * Math.abs(x - lightX)) / width - 0.1 * (y / height);
      const furniture = y > band ? 0.55 : 1;
      for (let c = 0; c < 3; c++) {
        out.data[(y * width + x) * 3 + c] = clampByte(
          (wall[c] as number) * light * furniture + random.normal(0, 2),
        );
      }
    }
  }
  return out;
}

/** The instrument (already rendered flat) tilted, shrunk into the frame over a room, a thumb on one edge. */
function holdInRoom(instrument: Raw, random: Random, fill: number): Raw {
  const width = 640;
  const height = 480;
  const scene = room(width, height, random);
  const target = Math.round(Math.min(width, height) * fill);
  const k = target / Math.max(instrument.width, instrument.height);
  const small = blank(
    Math.max(8, Math.round(instrument.width * k)),
    Math.max(8, Math.round(instrument.height * k)),
  );
  for (let y = 0; y < small.height; y++) {
    for (let x = 0; x < small.width; x++) {
      for (let c = 0; c < 3; c++)
        small.data[(y * small.width + x) * 3 + c] = clampByte(sample(instrument, x / k, y / k, c, 0));
    }
  }
  // planarRotation paints outside the instrument with −1 → 0: those pixels show the room.
  const tilted = planarRotation(small, random.between(-25, 25), random.between(-18, 18), -1);
  const ox = random.int(10, Math.max(11, width - tilted.width - 10));
  const oy = random.int(5, Math.max(6, height - tilted.height - 5));
  const thumb = {
    x: ox + tilted.width * random.between(0.15, 0.85),
    y: oy + tilted.height * (random.chance(0.5) ? 1 : 0),
  };
  const skin = [random.int(170, 225), random.int(120, 175), random.int(95, 150)];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const u = x - ox;
      const v = y - oy;
      const onThumb = ((x - thumb.x) / 24) ** 2 + ((y - thumb.y) / 40) ** 2 < 1;
      if (onThumb) {
        for (let c = 0; c < 3; c++) scene.data[i + c] = clampByte((skin[c] as number) + random.normal(0, 3));
        continue;
      }
      if (u < 0 || v < 0 || u >= tilted.width || v >= tilted.height) continue;
      const k3 = (v * tilted.width + u) * 3;
      const sum =
        (tilted.data[k3] as number) + (tilted.data[k3 + 1] as number) + (tilted.data[k3 + 2] as number);
      if (sum === 0) continue;
      for (let c = 0; c < 3; c++) scene.data[i + c] = tilted.data[k3 + c] as number;
    }
  }
  return scene;
}

/** Camera: defocus (box blur of radius 0–1), sensor noise. */
export function camera(image: Raw, random: Random): Raw {
  const radius = random.int(0, 1);
  const out = blank(image.width, image.height);
  const noise = random.between(1, 3);
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
        out.data[(y * image.width + x) * 3 + c] = clampByte(sum / n + random.normal(0, noise));
      }
    }
  }
  return out;
}

/**
 * A colour print held in a room. Ruling: 2.5–6 source pixels per halftone cell (a fine photo print
 * seen close to a coarse magazine screen); CMY screens at classic angles, or a stochastic (FM) screen
 * a third of the time; ink gamut (saturation kept 70–90 %, black 25–50, paper white 215–240 with a warm
 * or cool tint); paper grain; a gloss highlight.
 */
export function heldPrint(source: Raw, random: Random): Raw {
  return camera(holdInRoom(printedSheet(source, random), random, random.between(0.55, 0.85)), random);
}

/** The print itself, as the camera sees it close up (halftone, ink gamut, paper, gloss; see heldPrint). */
export function printedSheet(source: Raw, random: Random): Raw {
  const period = random.between(2.5, 6);
  const stochastic = random.chance(0.33);
  const keep = random.between(0.7, 0.9);
  const black = random.between(25, 50);
  const white = random.between(215, 240);
  const tint = random.chance(0.5) ? [1, 0.98, 0.93] : [0.97, 0.99, 1];
  const angles = [15, 75, 0].map((a) => ((a + random.between(-5, 5)) * Math.PI) / 180);
  const gloss = { x: random.between(0.2, 0.8), y: random.between(0.1, 0.6), strength: random.between(0, 60) };
  const printed = blank(source.width, source.height);
  for (let y = 0; y < source.height; y++) {
    for (let x = 0; x < source.width; x++) {
      const i = (y * source.width + x) * 3;
      const r = source.data[i] as number;
      const g = source.data[i + 1] as number;
      const b = source.data[i + 2] as number;
      const grey = (r + g + b) / 3;
      const grain = 1 + random.normal(0, 0.025);
      const shine =
        gloss.strength *
        Math.exp(-(((x / source.width - gloss.x) / 0.18) ** 2 + ((y / source.height - gloss.y) / 0.12) ** 2));
      for (let c = 0; c < 3; c++) {
        const value = grey + ((source.data[i + c] as number) - grey) * keep;
        const ink = 1 - value / 255;
        let threshold: number;
        if (stochastic) threshold = random.next();
        else {
          const angle = angles[c] as number;
          const u = x * Math.cos(angle) + y * Math.sin(angle);
          const v = -x * Math.sin(angle) + y * Math.cos(angle);
          threshold = (Math.cos((2 * Math.PI * u) / period) + Math.cos((2 * Math.PI * v) / period)) / 4 + 0.5;
        }
        const covered = ink > threshold ? 1 : 0;
        const level = white - (white - black) * covered;
        printed.data[i + c] = clampByte(level * (tint[c] as number) * grain + shine);
      }
    }
  }
  // A print is seen a little blurred: the dots merge partly, as at a real viewing distance.
  // A stochastic screen's dots are finer than the camera's pixels: the camera sees them merged.
  return stochastic ? softened(softened(printed, random, true), random, true) : softened(printed, random);
}

/**
 * A phone showing the photo, held in a room: a black bezel with rounded corners, the picture on a
 * pixel grid of 0.7–1.8 camera pixels per screen pixel (stripe or PenTile-like sub-pixels), backlight
 * black level 15–35, a cool or warm white point, a diagonal glare streak.
 */
export function heldPhone(source: Raw, random: Random): Raw {
  const pitch = random.between(0.7, 1.8);
  const pentile = random.chance(0.4);
  const blackLevel = random.between(15, 35);
  const white = random.chance(0.5) ? [0.93, 0.98, 1.07] : [1.04, 1, 0.94];
  const bezel = Math.round(source.width * random.between(0.03, 0.07));
  const width = source.width + 2 * bezel;
  const height = source.height + 2 * bezel;
  const phone = blank(width, height);
  const glareAngle = random.between(-0.8, 0.8);
  const glareOffset = random.between(-0.3, 0.3);
  const glareStrength = random.between(10, 55);
  const corner = bezel * 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const cx = Math.max(0, Math.abs(x - width / 2) - (width / 2 - corner));
      const cy = Math.max(0, Math.abs(y - height / 2) - (height / 2 - corner));
      if (Math.hypot(cx, cy) > corner) continue; // outside the rounded phone: room (black → 0 → room)
      const sx = x - bezel;
      const sy = y - bezel;
      const u =
        (sx / source.width - 0.5) * Math.cos(glareAngle) + (sy / source.height - 0.5) * Math.sin(glareAngle);
      const glare = glareStrength * Math.exp(-(((u - glareOffset) / 0.08) ** 2));
      if (sx < 0 || sy < 0 || sx >= source.width || sy >= source.height) {
        for (let c = 0; c < 3; c++)
          phone.data[i + c] = clampByte(12 + glare * 0.5 + random.normal(0, 1.5) + 1);
        continue;
      }
      // Screen pixel grid: each screen pixel shows the source colour in its sub-pixel columns.
      const px = sx / pitch;
      const py = sy / pitch;
      const fx = px - Math.floor(px);
      const fy = py - Math.floor(py);
      const gap = fy > 0.85 ? 0.45 : 1;
      const srcX = Math.min(source.width - 1, Math.floor(px) * pitch);
      const srcY = Math.min(source.height - 1, Math.floor(py) * pitch);
      for (let c = 0; c < 3; c++) {
        const lit = pentile
          ? c === 1
            ? 1
            : (Math.floor(px) + Math.floor(py) + c) % 2 === 0
              ? 1.6
              : 0.4
          : Math.floor(fx * 3) === c
            ? 2.4
            : 0.3;
        const value = sample(source, srcX, srcY, c) / 255;
        const shown = blackLevel + (235 - blackLevel) * value ** 1.1;
        phone.data[i + c] = clampByte(shown * (white[c] as number) * (0.55 + 0.45 * lit * gap) + glare);
      }
    }
  }
  return camera(holdInRoom(phone, random, random.between(0.6, 0.9)), random);
}

function softened(image: Raw, random: Random, always = false): Raw {
  if (!always && random.chance(0.5)) return image;
  const out = blank(image.width, image.height);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      for (let c = 0; c < 3; c++) {
        const xr = Math.min(image.width - 1, x + 1);
        const yd = Math.min(image.height - 1, y + 1);
        out.data[(y * image.width + x) * 3 + c] =
          ((image.data[(y * image.width + x) * 3 + c] as number) +
            (image.data[(y * image.width + xr) * 3 + c] as number) +
            (image.data[(yd * image.width + x) * 3 + c] as number) +
            (image.data[(yd * image.width + xr) * 3 + c] as number)) /
          4;
      }
    }
  }
  return out;
}
