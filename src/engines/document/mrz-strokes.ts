// A second look at a straightened MRZ strip for the reader: only its strokes. The black-hat (closing minus
// image, as a share of the closing; mrz-locate.ts) keeps what is drawn with thin dark strokes and drops
// what tesseract's global threshold trips on: the desk or a screen's dark bezel in the strip (a zone close
// to the card's edge), glare and shading, pale security print, and, after a light blur, a screen's moiré.
import sharp from "sharp";
import { blackHat } from "./mrz-locate.js";

/** Black-hat share at which a stroke is drawn fully black. */
const FULL_STROKE = 0.45;

/** The strip's strokes, dark on white, as a grey PNG of the same size; `lineHeight` in its pixels. */
export async function strokeStrip(png: Buffer, lineHeight: number): Promise<Buffer> {
  const { data, info } = await sharp(png).greyscale().blur(0.8).raw().toBuffer({ resolveWithObject: true });
  const grey = {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
  // OCR-B strokes are about a ninth of the line height; the window must span the widest with room.
  const hat = blackHat(grey, Math.max(3, Math.round(lineHeight / 7)));
  const out = Buffer.alloc(hat.length);
  for (let i = 0; i < hat.length; i++)
    out[i] = Math.round(255 * (1 - Math.min(1, Math.max(0, hat[i]!) / FULL_STROKE)));
  return sharp(out, { raw: { width: info.width, height: info.height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
