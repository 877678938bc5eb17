// A screenshot of a bill (a phone or computer screen captured, not the document itself) is refused where it
// shows: the picture is exactly a screen's resolution, carries no camera metadata, and its top edge is a
// status bar (a flat band with a clock in it). Photos of paper come from a camera sensor (4032 × 3024…)
// and scans from a page size at a scanner resolution, neither of which is a screen size.
import sharp from "sharp";
import type { OcrEngine } from "../ocr/ocr-engine.js";

/** Common phone, tablet and monitor resolutions in pixels (portrait width × height; either way round). */
const SCREEN_SIZES: readonly [number, number][] = [
  [720, 1280],
  [720, 1600],
  [750, 1334],
  [828, 1792],
  [1080, 1920],
  [1080, 2340],
  [1080, 2400],
  [1125, 2436],
  [1170, 2532],
  [1179, 2556],
  [1242, 2208],
  [1242, 2688],
  [1284, 2778],
  [1290, 2796],
  [1440, 2560],
  [1440, 3200],
  [1536, 2048],
  [1640, 2360],
  [768, 1366],
  [800, 1280],
  [900, 1440],
  [1050, 1680],
  [1080, 1920],
  [1200, 1920],
  [1440, 2560],
  [1600, 2560],
  [1800, 2880],
];

export interface ScreenshotVerdict {
  screenshot: boolean;
  /** What was seen: screen_resolution, no_camera_metadata, status_bar. */
  signals: string[];
}

function isScreenSize(width: number, height: number): boolean {
  const [short, long] = width < height ? [width, height] : [height, width];
  return SCREEN_SIZES.some(([w, h]) => w === short && h === long);
}

/** Whether the top band is flat (one colour, a little text): the look of a status bar. */
async function statusBarBand(image: Buffer, width: number, height: number): Promise<Buffer | null> {
  const portrait = height > width;
  const band = Math.max(24, Math.round(height * (portrait ? 0.035 : 0.03)));
  const crop = await sharp(image, { failOn: "none" })
    .rotate()
    .extract({ left: 0, top: 0, width, height: Math.min(band, height) })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const values = crop.data;
  const histogram = new Array<number>(32).fill(0);
  for (const v of values) histogram[v >> 3]!++;
  const dominant = Math.max(...histogram) / values.length;
  // A status bar is ≥ 85 % one flat colour with a few glyphs; a photo's top edge is texture or gradient.
  if (dominant < 0.85) return null;
  return sharp(crop.data, { raw: { width: crop.info.width, height: crop.info.height, channels: 1 } })
    .resize({ height: 64 })
    .png()
    .toBuffer();
}

export async function checkScreenshot(image: Buffer, ocr: OcrEngine): Promise<ScreenshotVerdict> {
  const meta = await sharp(image, { failOn: "none" }).metadata();
  const swapped = (meta.orientation ?? 1) >= 5;
  const width = (swapped ? meta.height : meta.width) ?? 0;
  const height = (swapped ? meta.width : meta.height) ?? 0;
  const signals: string[] = [];
  if (isScreenSize(width, height)) signals.push("screen_resolution");
  const exif = meta.exif?.toString("latin1") ?? "";
  if (
    !/Apple|samsung|Xiaomi|Google|HUAWEI|OPPO|vivo|Canon|NIKON|SONY|FUJIFILM|OnePlus|realme|motorola/i.test(
      exif,
    )
  ) {
    signals.push("no_camera_metadata");
  }
  if (signals.includes("screen_resolution") && signals.includes("no_camera_metadata")) {
    const band = await statusBarBand(image, width, height);
    if (band) {
      const reading = await ocr.recognize(band, { psm: "sparse" });
      // A clock (9:41, 14:05) or a battery percentage in the band.
      if (/\b\d{1,2}[:.]\d{2}\b|\d{1,3}\s?%/.test(reading.text)) signals.push("status_bar");
    }
  }
  return { screenshot: signals.includes("status_bar"), signals };
}
