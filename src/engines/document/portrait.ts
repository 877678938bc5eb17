// has_portrait and the portrait crop handed to FACE_MATCH. The face detector is injected (the face
// engine lives in src/engines/face); without one the portrait is reported as not found.
import sharp from "sharp";

export interface FaceBox {
  box: { x: number; y: number; width: number; height: number };
}

/** Finds faces in an image; boxes in that image's pixels (after EXIF orientation). */
export type DetectFaces = (image: Buffer) => Promise<FaceBox[]>;

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
  const oriented = await sharp(image, { failOn: "none" }).rotate().png().toBuffer();
  const faces = await detectFaces(oriented);
  if (faces.length === 0) return { hasPortrait: false, crop: null };
  const largest = faces.reduce((a, b) => (b.box.width * b.box.height > a.box.width * a.box.height ? b : a));
  const meta = await sharp(oriented).metadata();
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  // A passport photo frames head and shoulders: widen the face box by half on each side.
  const mx = largest.box.width * 0.5;
  const my = largest.box.height * 0.5;
  const left = Math.max(0, Math.floor(largest.box.x - mx));
  const top = Math.max(0, Math.floor(largest.box.y - my));
  const width = Math.min(w - left, Math.ceil(largest.box.width + 2 * mx));
  const height = Math.min(h - top, Math.ceil(largest.box.height + 2 * my));
  if (width <= 0 || height <= 0) return { hasPortrait: true, crop: null };
  const crop = await sharp(oriented).extract({ left, top, width, height }).png().toBuffer();
  return { hasPortrait: true, crop };
}
