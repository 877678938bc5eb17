// The small face crop shown beside a gallery match (spec: Face search match — `thumb` URL).
import sharp from "sharp";
import type { PixelBox } from "../../engines/face/inference-protocol.js";
import type { RgbImage } from "../../engines/image/decode-image-field.js";

const THUMB_SIDE = 160;
/** Room around the detector's box so hair and chin show: the thumb is for a human reviewer. */
const MARGIN = 0.35;

/** A square JPEG of the face in `box` (pixels of `image`). */
export async function cropFaceThumb(image: RgbImage, box: PixelBox): Promise<Buffer> {
  const side = Math.max(box.width, box.height) * (1 + 2 * MARGIN);
  const centerX = box.x + box.width / 2;
  const centerY = box.y + box.height / 2;
  const left = clamp(Math.round(centerX - side / 2), 0, image.width - 1);
  const top = clamp(Math.round(centerY - side / 2), 0, image.height - 1);
  const width = clamp(Math.round(side), 1, image.width - left);
  const height = clamp(Math.round(side), 1, image.height - top);
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .extract({ left, top, width, height })
    .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: "cover" })
    .jpeg({ quality: 80 })
    .toBuffer();
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
