// Image preparation before OCR, measured in research/ocr.md: grey (no binarisation: Otsu and
// sharpening made tesseract worse), deskew first, crop tightly to the document, stretch contrast, and
// scale so characters land near the size tesseract reads best.
import sharp, { type Sharp } from "sharp";
import { localMean } from "../image/local-mean.js";

export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface PreparedImage {
  /** Grey PNG, deskewed and cropped to the document: encoded on first call (a page tesseract reads with its
   * MRZ painted out never needs this one). */
  png(): Promise<Buffer>;
  grey: GreyImage;
  /** Rotation applied to straighten the text, degrees. */
  skewDegrees: number;
  /** Crop of the straightened image that holds the document, in its own pixels. */
  crop: { left: number; top: number; width: number; height: number };
  /** The photograph's size with its EXIF orientation applied, and the straightened image's. */
  photo: { width: number; height: number };
  straightened: { width: number; height: number };
}

/**
 * Where a point of the photograph (EXIF orientation applied; fractions of its width and height) lands on the
 * prepared page, in the page's pixels: turned about the centre as the straightening turned the photograph
 * (its canvas grows to hold the turned corners), then cropped and scaled as the page was.
 */
export function photoPointOnPage(prepared: PreparedImage, [fx, fy]: [number, number]): [number, number] {
  const { photo, straightened, crop, grey } = prepared;
  const dx = fx * photo.width - photo.width / 2;
  const dy = fy * photo.height - photo.height / 2;
  const angle = (-prepared.skewDegrees * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const x = straightened.width / 2 + dx * cos - dy * sin;
  const y = straightened.height / 2 + dx * sin + dy * cos;
  const scale = grey.width / crop.width;
  return [(x - crop.left) * scale, (y - crop.top) * scale];
}

export async function decodeGrey(image: Buffer, maxWidth?: number): Promise<GreyImage> {
  let pipeline = sharp(image, { failOn: "none" }).rotate().greyscale();
  if (maxWidth) pipeline = pipeline.resize({ width: maxWidth, withoutEnlargement: true });
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

/** Widest skew the projection search tries, degrees either way (a card held by hand: up to about 8°). */
const SKEW_RANGE = 10;

/**
 * Text skew by projection profile: the angle at which ink piles into the sharpest rows. Positive means the
 * text descends to the right (rotate by the negative to fix).
 *
 * Ink is what is darker than its own neighbourhood (text strokes, rules, the card's edge against the desk),
 * not what is dark overall: a desk, a portrait or a guilloche band under a global cut is a solid block whose
 * rows pile up best at exactly 0°, where every pixel row falls into one bin. For the same reason each pixel
 * lands at a fixed sub-pixel offset of its own (a dither), so no angle is favoured by the pixel grid. On 81
 * real-style development captures (seeds 1000–1001) the former global cut over ±5° missed the located MRZ's
 * angle by more than 1° on 41; this misses it on 1.
 */
export function estimateSkew(grey: GreyImage, maxDegrees = SKEW_RANGE): number {
  const ink = localInk(grey);
  const coarse = searchSkew(ink, grey, -maxDegrees, maxDegrees, 0.5);
  return searchSkew(ink, grey, coarse - 0.5, coarse + 0.5, 0.05);
}

interface InkPixels {
  xs: Int32Array;
  ys: Int32Array;
  /** Each pixel's fixed sub-pixel offset across the rows, in [-0.5, 0.5). */
  dither: Float64Array;
}

/** Half the side of the neighbourhood a pixel is compared with. */
const INK_RADIUS = 10;
/** A pixel is ink below this share of its neighbourhood's mean. */
const INK_CONTRAST = 0.85;

function localInk(grey: GreyImage): InkPixels {
  const { data, width, height } = grey;
  const mean = localMean(data, width, height, INK_RADIUS, new Float64Array(data.length));
  const found: number[] = [];
  for (let i = 0; i < data.length; i++) if (data[i]! < mean[i]! * INK_CONTRAST) found.push(i);
  const xs = new Int32Array(found.length);
  const ys = new Int32Array(found.length);
  const dither = new Float64Array(found.length);
  for (let i = 0; i < found.length; i++) {
    xs[i] = found[i]! % width;
    ys[i] = Math.floor(found[i]! / width);
    // Golden-ratio steps: spread evenly over the unit, fixed for a given image.
    dither[i] = ((i * 0.618_033_988_75) % 1) - 0.5;
  }
  return { xs, ys, dither };
}

function searchSkew(ink: InkPixels, grey: GreyImage, from: number, to: number, step: number): number {
  const { width, height } = grey;
  const { xs, ys, dither } = ink;
  if (xs.length < 50) return 0;
  let bestAngle = 0;
  let bestScore = -1;
  const bins = new Float64Array(height * 2 + width * 2);
  for (let a = from; a <= to + 1e-9; a += step) {
    const rad = (a * Math.PI) / 180;
    const sin = Math.sin(rad);
    const cos = Math.cos(rad);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) {
      const r = Math.round(ys[i]! * cos - xs[i]! * sin + dither[i]!) + width;
      bins[r]! += 1;
    }
    let score = 0;
    for (let i = 0; i < bins.length; i++) score += bins[i]! * bins[i]!;
    if (score > bestScore) {
      bestScore = score;
      bestAngle = a;
    }
  }
  return bestAngle;
}

export interface ColourImage {
  data: Uint8Array;
  width: number;
  height: number;
}

async function decodeColour(image: Buffer | Sharp, maxWidth: number): Promise<ColourImage> {
  const pipeline = Buffer.isBuffer(image) ? sharp(image, { failOn: "none" }).rotate() : image;
  const { data, info } = await pipeline
    .removeAlpha()
    .toColourspace("srgb")
    .resize({ width: maxWidth, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

/** Median colour of the frame's border: the desk or background the document lies on. */
export function borderColour(img: ColourImage): [number, number, number] {
  const { data, width, height } = img;
  const channels: number[][] = [[], [], []];
  const sample = (x: number, y: number) => {
    for (let c = 0; c < 3; c++) channels[c]!.push(data[(y * width + x) * 3 + c]!);
  };
  for (let x = 0; x < width; x += 3) {
    sample(x, 0);
    sample(x, height - 1);
  }
  for (let y = 0; y < height; y += 3) {
    sample(0, y);
    sample(width - 1, y);
  }
  return channels.map(median) as [number, number, number];
}

/**
 * Bounding box of the document against the desk: rows and columns where most pixels differ in colour
 * from the border. Colour rather than brightness, so dark header bands stay part of the card. The whole
 * frame when there is no desk (an already-cropped scan).
 */
export function findDocumentBox(img: ColourImage): {
  left: number;
  top: number;
  width: number;
  height: number;
} {
  const { data, width, height } = img;
  const [br, bg, bb] = borderColour(img);
  const rowHits = new Array<number>(height).fill(0);
  const colHits = new Array<number>(width).fill(0);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const d = Math.abs(data[i]! - br) + Math.abs(data[i + 1]! - bg) + Math.abs(data[i + 2]! - bb);
      if (d > 60) {
        rowHits[y]!++;
        colHits[x]!++;
      }
    }
  }
  const span = (counts: number[], across: number): [number, number] => {
    const need = across * 0.4;
    const first = counts.findIndex((c) => c >= need);
    if (first < 0) return [0, counts.length - 1];
    let last = counts.length - 1;
    while (last > first && counts[last]! < need) last--;
    return [first, last];
  };
  const [top, bottom] = span(rowHits, width);
  const [left, right] = span(colHits, height);
  // A "document" under a ninth of the frame is more likely a patch, and one far narrower than any card
  // or page (ID-1 is 1.59:1, a passport spread 1.42:1) is a photo or a text column of a frameless scan
  // whose background matched the border: keep the frame.
  const w = right - left + 1;
  const h = bottom - top + 1;
  if (w * h < (width * height) / 9 || Math.max(w, h) / Math.min(w, h) > 2.2) {
    return { left: 0, top: 0, width, height };
  }
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Deskews, crops to the document and scales it to `targetWidth` pixels wide (the document readers pick
 * a width that puts body text near the character size tesseract reads best). `skewDegrees`, when another
 * measurement knows it (the located MRZ's lines), is used instead of the projection estimate. `wholeFrame`
 * keeps the whole photograph instead of the document box found against the desk.
 */
export async function prepareDocumentImage(
  image: Buffer,
  targetWidth: number,
  options: { skewDegrees?: number; wholeFrame?: boolean } = {},
): Promise<PreparedImage> {
  const { autoOrient: photo } = await sharp(image, { failOn: "none" }).metadata();
  const small = await decodeColour(image, 1000);
  const frameOf = (img: ColourImage) => ({ left: 0, top: 0, width: img.width, height: img.height });
  const documentBox = options.wholeFrame ? frameOf : findDocumentBox;
  const box = documentBox(small);
  const skew = options.skewDegrees ?? estimateSkew(cropGrey(await decodeGrey(image, 1000), box));
  const [r, g, b] = borderColour(small);

  // Rotate the full-resolution image (desk colour fills the corners), then find the document again. The
  // straightened image stays decoded (issue 18: a 12-megapixel photo spent about 0.6 CPU-s encoding it to
  // PNG and decoding it twice); in sRGB, as a PNG of it would have been, so the pixels are the same.
  const rotated = await sharp(image, { failOn: "none" })
    .rotate()
    .removeAlpha()
    .rotate(-skew, { background: { r, g, b } })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const straight = () =>
    sharp(rotated.data, {
      raw: { width: rotated.info.width, height: rotated.info.height, channels: rotated.info.channels },
    });
  const straightSmall = await decodeColour(straight(), 1000);
  const fullWidth = rotated.info.width;
  const fullHeight = rotated.info.height;
  const factor = fullWidth / straightSmall.width;
  const found = documentBox(straightSmall);
  const left = Math.floor(found.left * factor);
  const top = Math.floor(found.top * factor);
  const crop = {
    left,
    top,
    width: Math.min(fullWidth - left, Math.ceil(found.width * factor)),
    height: Math.min(fullHeight - top, Math.ceil(found.height * factor)),
  };
  const { data, info } = await straight()
    .extract(crop)
    .resize({ width: targetWidth })
    .greyscale()
    .normalise()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey: GreyImage = { data: new Uint8Array(data), width: info.width, height: info.height };
  let png: Promise<Buffer> | undefined;
  return {
    png: () => {
      png ??= greyPng(grey);
      return png;
    },
    grey,
    skewDegrees: skew,
    crop,
    photo: { width: photo.width, height: photo.height },
    straightened: { width: fullWidth, height: fullHeight },
  };
}

/** A grey image as a PNG, compressed lightly (tesseract decodes it again at once). */
export function greyPng(grey: GreyImage): Promise<Buffer> {
  return sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

export function cropGrey(
  grey: GreyImage,
  box: { left: number; top: number; width: number; height: number },
): GreyImage {
  const out = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y++) {
    const from = (box.top + y) * grey.width + box.left;
    out.set(grey.data.subarray(from, from + box.width), y * box.width);
  }
  return { data: out, width: box.width, height: box.height };
}
