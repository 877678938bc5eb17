// has_portrait and the portrait crop handed to FACE_MATCH. The face detector is injected (the face
// engine lives in src/engines/face); without one the portrait is reported as not found.
import sharp from "sharp";

export interface FaceBox {
  box: { x: number; y: number; width: number; height: number };
}

/** Decoded RGB pixels, row by row (3 bytes a pixel), after EXIF orientation. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Finds faces in decoded pixels; boxes in those pixels. */
export type DetectFaces = (image: RgbImage) => Promise<FaceBox[]>;

export interface PortraitReading {
  hasPortrait: boolean;
  /** PNG of the largest face with a margin, for face matching; null when none. */
  crop: Buffer | null;
}

export async function findPortrait(
  image: Buffer,
  detectFaces: DetectFaces | undefined,
): Promise<PortraitReading> {
  if (!detectFaces) return { hasPortrait: false, crop: null };
  // One decode serves the detector and the crop (issue 18: the page used to be encoded to PNG and decoded
  // twice more on the way).
  const { data, info } = await sharp(image, { failOn: "none" })
    .rotate()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
  const faces = await detectFaces(pixels);
  if (faces.length === 0) return { hasPortrait: false, crop: null };
  const largest = faces.reduce((a, b) => (b.box.width * b.box.height > a.box.width * a.box.height ? b : a));
  const { width: w, height: h } = pixels;
  // A passport photo frames head and shoulders: widen the face box by half on each side.
  const mx = largest.box.width * 0.5;
  const my = largest.box.height * 0.5;
  const left = Math.max(0, Math.floor(largest.box.x - mx));
  const top = Math.max(0, Math.floor(largest.box.y - my));
  const width = Math.min(w - left, Math.ceil(largest.box.width + 2 * mx));
  const height = Math.min(h - top, Math.ceil(largest.box.height + 2 * my));
  if (width <= 0 || height <= 0) return { hasPortrait: true, crop: null };
  const crop = await sharp(data, { raw: { width: w, height: h, channels: 3 } })
    .extract({ left, top, width, height })
    .png()
    .toBuffer();
  return { hasPortrait: true, crop };
}
