// Image preparation before OCR, measured in research/ocr.md: grey (no binarisation: Otsu and
// sharpening made tesseract worse), deskew first, crop tightly to the document, stretch contrast, and
// scale so characters land near the size tesseract reads best.
import sharp from "sharp";

export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface PreparedImage {
  /** Grey PNG, deskewed and cropped to the document. */
  png: Buffer;
  grey: GreyImage;
  /** Rotation applied to straighten the text, degrees. */
  skewDegrees: number;
  /** Crop of the straightened image that holds the document, in its own pixels. */
  crop: { left: number; top: number; width: number; height: number };
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

/** Otsu's threshold over a grey histogram. */
export function otsuThreshold(grey: GreyImage): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of grey.data) hist[v]!++;
  const total = grey.data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  let sumB = 0;
  let weightB = 0;
  let best = 0;
  let threshold = 127;
  for (let t = 0; t < 256; t++) {
    weightB += hist[t]!;
    if (weightB === 0) continue;
    const weightF = total - weightB;
    if (weightF === 0) break;
    sumB += t * hist[t]!;
    const meanB = sumB / weightB;
    const meanF = (sum - sumB) / weightF;
    const between = weightB * weightF * (meanB - meanF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/**
 * Text skew by projection profile: the angle at which dark pixels pile into the sharpest rows.
 * Searches ±maxDegrees; positive means the text descends to the right (rotate by the negative to fix).
 */
export function estimateSkew(grey: GreyImage, maxDegrees = 5): number {
  const coarse = searchSkew(grey, -maxDegrees, maxDegrees, 0.25);
  return searchSkew(grey, coarse - 0.25, coarse + 0.25, 0.05);
}

function searchSkew(grey: GreyImage, from: number, to: number, step: number): number {
  const { data, width, height } = grey;
  // Dark pixels relative to their neighbourhood mean would be sturdier; a global cut is enough on
  // documents (dark ink on light paper) once the desk around the card is ignored by the caller's crop.
  const cut = otsuThreshold(grey);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x]! < cut * 0.8) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < 50) return 0;
  let bestAngle = 0;
  let bestScore = -1;
  const bins = new Float64Array(height * 2 + width);
  for (let a = from; a <= to + 1e-9; a += step) {
    const rad = (a * Math.PI) / 180;
    const sin = Math.sin(rad);
    const cos = Math.cos(rad);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) {
      const r = Math.round(ys[i]! * cos - xs[i]! * sin) + width;
      bins[r]! += 1;
    }
    let score = 0;
    for (const b of bins) score += b * b;
    if (score > bestScore) {
      bestScore = score;
      bestAngle = a;
    }
  }
  return bestAngle;
}

/** Bounding box of the light document against a darker desk; the whole image when there is no desk. */
export function findDocumentBox(grey: GreyImage): {
  left: number;
  top: number;
  width: number;
  height: number;
} {
  const { data, width, height } = grey;
  const cut = otsuThreshold(grey);
  const rowBright = new Array<number>(height).fill(0);
  const colBright = new Array<number>(width).fill(0);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x]! > cut) {
        rowBright[y]!++;
        colBright[x]!++;
      }
    }
  }
  const firstLast = (counts: number[], span: number): [number, number] => {
    const need = span * 0.35;
    let first = counts.findIndex((c) => c >= need);
    let last = counts.length - 1 - [...counts].reverse().findIndex((c) => c >= need);
    if (first < 0) return [0, counts.length - 1];
    first = Math.max(0, first);
    last = Math.min(counts.length - 1, last);
    return [first, last];
  };
  const [top, bottom] = firstLast(rowBright, width);
  const [left, right] = firstLast(colBright, height);
  // A "document" smaller than a third of the frame is more likely a bright patch: keep the frame.
  if ((right - left) * (bottom - top) < (width * height) / 9) return { left: 0, top: 0, width, height };
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function borderGrey(grey: GreyImage): number {
  const { data, width, height } = grey;
  const samples: number[] = [];
  for (let x = 0; x < width; x += 4) samples.push(data[x]!, data[(height - 1) * width + x]!);
  for (let y = 0; y < height; y += 4) samples.push(data[y * width]!, data[y * width + width - 1]!);
  return median(samples);
}

/**
 * Deskews, crops to the document and scales it to `targetWidth` pixels wide (the document readers pick
 * a width that puts body text near the character size tesseract reads best).
 */
export async function prepareDocumentImage(image: Buffer, targetWidth: number): Promise<PreparedImage> {
  const small = await decodeGrey(image, 1000);
  const box = findDocumentBox(small);
  const inner = cropGrey(small, box);
  const skew = estimateSkew(inner);
  const fill = borderGrey(small);

  // Rotate the full-resolution image, then find the document again in the straightened frame.
  const straight = await sharp(image, { failOn: "none" })
    .rotate()
    .greyscale()
    .rotate(-skew, { background: { r: fill, g: fill, b: fill } })
    .png()
    .toBuffer();
  const straightSmall = await decodeGrey(straight, 700);
  const meta = await sharp(straight).metadata();
  const factor = (meta.width ?? straightSmall.width) / straightSmall.width;
  const b = findDocumentBox(straightSmall);
  const crop = {
    left: Math.floor(b.left * factor),
    top: Math.floor(b.top * factor),
    width: Math.min((meta.width ?? 0) - Math.floor(b.left * factor), Math.ceil(b.width * factor)),
    height: Math.min((meta.height ?? 0) - Math.floor(b.top * factor), Math.ceil(b.height * factor)),
  };
  const { data, info } = await sharp(straight)
    .extract(crop)
    .resize({ width: targetWidth })
    .normalise()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey: GreyImage = { data: new Uint8Array(data), width: info.width, height: info.height };
  const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .png()
    .toBuffer();
  return { png, grey, skewDegrees: skew, crop };
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
