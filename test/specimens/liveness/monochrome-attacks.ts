// Attacks with a picture that has no colour of its own (issue #23): a black-and-white print or photocopy
// of the victim's photograph, and the greyscale portrait that ID cards laser-engrave, cropped from a scan
// of the card. Both are framed the way an attacker frames them: nothing around the face.
import type { Random } from "../seeded-random.js";
import type { Box } from "./attacks.js";
import { croppedWarmPrint } from "./cropped-recaptures.js";
import { camera } from "./held-attacks.js";
import { blank, clampByte, type Raw, sample } from "./raw-image.js";

/** The picture in grey (Rec. 601 luma), as a black-and-white printer or a laser engraver renders it. */
export function greyscale(source: Raw): Raw {
  const out = blank(source.width, source.height);
  for (let i = 0; i < source.width * source.height; i++) {
    const luma =
      0.299 * (source.data[i * 3] as number) +
      0.587 * (source.data[i * 3 + 1] as number) +
      0.114 * (source.data[i * 3 + 2] as number);
    out.data[i * 3] = out.data[i * 3 + 1] = out.data[i * 3 + 2] = clampByte(luma);
  }
  return out;
}

/**
 * A black-and-white print (laser printer, photocopy) photographed close under a lamp, framed inside the
 * paper (cropped-recaptures.ts croppedWarmPrint: halftone, paper, tilt, warm light falling off). Half of
 * the time the camera's white balance takes the lamp's tint out again, as a phone's automatic white
 * balance does with a grey sheet filling the frame.
 */
export function monochromePrint(source: Raw, random: Random, face?: Box): Raw {
  const shot = croppedWarmPrint(greyscale(source), random, face);
  if (random.chance(0.5)) return shot;
  const mean = [0, 0, 0];
  const pixels = shot.width * shot.height;
  for (let i = 0; i < pixels; i++) {
    for (let c = 0; c < 3; c++) mean[c] = (mean[c] as number) + (shot.data[i * 3 + c] as number);
  }
  const grey = mean.reduce((a, b) => a + b, 0) / 3;
  const gain = mean.map((m) => grey / Math.max(1, m));
  for (let i = 0; i < pixels; i++) {
    for (let c = 0; c < 3; c++) {
      shot.data[i * 3 + c] = clampByte((shot.data[i * 3 + c] as number) * (gain[c] as number));
    }
  }
  return shot;
}

/**
 * The portrait of an ID card as the card carries it: laser-engraved in grey, 90–150 px across the face in
 * the card's scan, under the card's faint coloured guilloche (sine lines in two inks crossing the
 * portrait at 0–25 % strength), then cropped around the head and enlarged to 480–640 px for upload, with
 * the scanner's slight blur and noise.
 */
export function engravedPortrait(source: Raw, random: Random, face?: Box): Raw {
  const head = face ?? { x: 0, y: 0, width: source.width, height: source.height };
  const faceWidth = random.between(90, 150);
  const scale = faceWidth / head.width;
  // The head and shoulders, as a card portrait frames them: 1.8 face widths wide, 4:5.
  const cropWidth = head.width * 1.8;
  const cropHeight = cropWidth * 1.25;
  const left = head.x + head.width / 2 - cropWidth / 2;
  const top = head.y + head.height * 0.45 - cropHeight / 2;
  const small = blank(Math.round(cropWidth * scale), Math.round(cropHeight * scale));
  const grey = greyscale(source);
  const inks = [
    [random.between(150, 230), random.between(120, 200), random.between(180, 255)],
    [random.between(200, 255), random.between(150, 220), random.between(120, 180)],
  ];
  const strength = random.between(0, 0.25);
  const period = random.between(6, 14);
  const phase = random.between(0, Math.PI * 2);
  for (let y = 0; y < small.height; y++) {
    for (let x = 0; x < small.width; x++) {
      const value = sample(grey, left + x / scale, top + y / scale, 0, 235);
      // Two families of wavy lines, a pixel or so wide, printed under the engraving.
      const wave1 = Math.abs(Math.sin((y + 4 * Math.sin(x / 9 + phase)) / period));
      const wave2 = Math.abs(Math.sin((x + 5 * Math.sin(y / 11)) / (period * 1.3)));
      const line = wave1 < 0.12 ? 0 : wave2 < 0.1 ? 1 : -1;
      for (let c = 0; c < 3; c++) {
        const ink = line < 0 ? value : ((inks[line] as number[])[c] as number);
        // The engraving darkens the card; the ink shows where the engraving is light.
        const lightness = value / 255;
        const mixed = value * (1 - strength * lightness) + ink * strength * lightness;
        small.data[(y * small.width + x) * 3 + c] = clampByte(line < 0 ? value : mixed);
      }
    }
  }
  const width = random.int(480, 640);
  const height = Math.round((width * small.height) / small.width);
  const enlarged = blank(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        enlarged.data[(y * width + x) * 3 + c] = clampByte(
          sample(small, (x * small.width) / width, (y * small.height) / height, c, 235),
        );
      }
    }
  }
  return camera(enlarged, random);
}
