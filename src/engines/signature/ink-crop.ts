// spec: signature-verify — "Both inputs are cropped to signature ink first."
// Decodes the image, finds the ink (ink-mask.ts), and crops to the ink's bounding box with a margin.
import sharp from "sharp";
import { AppError } from "../../platform/errors.js";
import { selectSignatureInk } from "./ink-components.js";
import { type InkMask, removeRuledLines, thresholdInk } from "./ink-mask.js";
import { removeStraightLines } from "./straight-lines.js";

/** Large photos are analysed at this size: enough for pen strokes, bounded in time. */
const MAX_SIDE = 800;

export interface InkCrop {
  /** The ink inside its bounding box (no margin). */
  mask: InkMask;
  /** Grey levels of the same box, row-major. */
  grey: Uint8Array;
  /** Ink pixels over the bounding box area. */
  inkRatio: number;
  /**
   * The original colours cropped to the ink with a margin, as PNG. Encoded on sharp's thread pool
   * while the caller describes the ink, so it is a promise.
   */
  cropPng: Promise<Buffer>;
  cropWidth: number;
  cropHeight: number;
}

export async function cropInk(image: Buffer): Promise<InkCrop> {
  const { data: rgb, info } = await sharp(image)
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i++) {
    const o = i * channels;
    grey[i] = (77 * rgb[o]! + 150 * rgb[o + 1]! + 29 * rgb[o + 2]! + 128) >> 8;
  }
  const mask = thresholdInk(grey, width, height);
  const lineRows = removeRuledLines(mask, grey);
  removeStraightLines(mask);
  const components = selectSignatureInk(mask, {
    rgb,
    channels,
    lineRows,
    bridge: Math.max(1, Math.round(Math.max(width, height) / 500)),
  });
  let ink = 0;
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (const c of components) {
    ink += c.area;
    minX = Math.min(minX, c.minX);
    minY = Math.min(minY, c.minY);
    maxX = Math.max(maxX, c.maxX);
    maxY = Math.max(maxY, c.maxY);
  }
  const extent = Math.max(maxX - minX + 1, maxY - minY + 1);
  // A signature needs some ink spread over some distance; a few dots on blank paper are not one.
  if (
    maxX < 0 ||
    ink < Math.max(40, width * height * 0.0003) ||
    extent < Math.max(16, Math.max(width, height) * 0.04)
  ) {
    throw new AppError("no_signature_detected", { message: "No signature ink was found in the image." });
  }
  const boxWidth = maxX - minX + 1;
  const boxHeight = maxY - minY + 1;
  const inkMask = new Uint8Array(boxWidth * boxHeight);
  const boxGrey = new Uint8Array(boxWidth * boxHeight);
  for (let y = 0; y < boxHeight; y++) {
    const row = (minY + y) * width + minX;
    inkMask.set(mask.data.subarray(row, row + boxWidth), y * boxWidth);
    boxGrey.set(grey.subarray(row, row + boxWidth), y * boxWidth);
  }
  const margin = Math.round(Math.max(boxWidth, boxHeight) * 0.04) + 4;
  const left = Math.max(0, minX - margin);
  const top = Math.max(0, minY - margin);
  const cropWidth = Math.min(width, maxX + margin + 1) - left;
  const cropHeight = Math.min(height, maxY + margin + 1) - top;
  const cropPng = sharp(rgb, { raw: { width, height, channels } })
    .extract({ left, top, width: cropWidth, height: cropHeight })
    .png({ compressionLevel: 3 })
    .toBuffer();
  return {
    mask: { width: boxWidth, height: boxHeight, data: inkMask },
    grey: boxGrey,
    inkRatio: ink / (boxWidth * boxHeight),
    cropPng,
    cropWidth,
    cropHeight,
  };
}
