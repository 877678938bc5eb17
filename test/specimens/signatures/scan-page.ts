// Puts pen strokes on a scanned form about 1,000 px wide, with what real scans carry: an underline or
// a ruled box, printed text near the signature, a stamp, a stray scanner line, speckle, faint ink,
// blur, grain and JPEG. Every artefact can be pinned on or off, so crop tests can add one at a time.
import sharp from "sharp";
import type { Random } from "../seeded-random.js";
import type { InkPoint } from "./pen-dynamics.js";

export interface PageArtefacts {
  underline: boolean;
  box: boolean;
  printedText: boolean;
  /** Stamp ink colour, or null for none. */
  stamp: string | null;
  scannerLine: boolean;
  speckle: boolean;
  /** 0 = full ink colour; 0.6 = ink diluted 60 % towards the paper. */
  faintness: number;
  blur: number;
  noise: number;
  jpegQuality: number | null;
}

export interface PageLayout {
  width: number;
  height: number;
  /** Width of the signature on the page, pixels. */
  signatureWidth: number;
  /** Pen width in pixels at width factor 1. */
  penPx: number;
  rotationDeg: number;
  ink: [number, number, number];
  paper: [number, number, number];
}

export const CLEAN_PAGE: PageArtefacts = {
  underline: false,
  box: false,
  printedText: false,
  stamp: null,
  scannerLine: false,
  speckle: false,
  faintness: 0,
  blur: 0,
  noise: 2,
  jpegQuality: null,
};

const STAMP_INKS = ["#7b3fa0", "#c0392b", "#2d3f9e", "#5b2c83"];
const INKS: Array<[number, number, number]> = [
  [27, 42, 140],
  [20, 32, 112],
  [42, 63, 168],
  [21, 21, 21],
  [34, 34, 38],
];

/** The artefacts a batch of real scans shows, at plausible rates. */
export function sampleArtefacts(random: Random): PageArtefacts {
  return {
    underline: random.chance(0.35),
    box: random.chance(0.15),
    printedText: random.chance(0.4),
    stamp: random.chance(0.2) ? random.pick(STAMP_INKS) : null,
    scannerLine: random.chance(0.25),
    speckle: random.chance(0.5),
    faintness: random.chance(0.2) ? random.between(0.35, 0.6) : 0,
    blur: random.chance(0.4) ? random.between(0.5, 1.1) : 0,
    noise: random.between(1, 6),
    jpegQuality: random.chance(0.7) ? random.int(55, 90) : null,
  };
}

export function sampleLayout(random: Random, signatureWidth: number, inkIndex: number): PageLayout {
  const shade = random.between(232, 252);
  return {
    width: 1000,
    height: random.int(340, 440),
    signatureWidth: signatureWidth * (1 + random.normal(0, 0.07)),
    penPx: random.between(2, 4.2),
    rotationDeg: random.normal(0, 1.5),
    ink: INKS[inkIndex % INKS.length]!,
    paper: [shade, shade - random.between(0, 5), shade - random.between(0, 12)],
  };
}

const hex = ([r, g, b]: number[]): string => `rgb(${r!.toFixed(0)},${g!.toFixed(0)},${b!.toFixed(0)})`;

/** Renders the strokes (any units, y up) on a page; returns the encoded scan. */
export async function renderPage(
  strokes: InkPoint[][],
  layout: PageLayout,
  artefacts: PageArtefacts,
  random: Random,
): Promise<Buffer> {
  const all = strokes.flat();
  const minX = Math.min(...all.map((p) => p.x));
  const maxX = Math.max(...all.map((p) => p.x));
  const minY = Math.min(...all.map((p) => p.y));
  const maxY = Math.max(...all.map((p) => p.y));
  const scale = Math.min(layout.signatureWidth / (maxX - minX), (layout.height * 0.55) / (maxY - minY));
  const sigW = (maxX - minX) * scale;
  const sigH = (maxY - minY) * scale;
  // The signature sits in the middle third with some play; a stamp goes to one side when present.
  const left = (layout.width - sigW) / 2 + random.between(-60, 60);
  const top = (layout.height - sigH) / 2 + random.between(-25, 25);
  const angle = (layout.rotationDeg * Math.PI) / 180;
  const cx = left + sigW / 2;
  const cy = top + sigH / 2;
  const place = (p: InkPoint): [number, number] => {
    const x = left + (p.x - minX) * scale - cx;
    const y = top + (maxY - p.y) * scale - cy;
    return [cx + x * Math.cos(angle) - y * Math.sin(angle), cy + x * Math.sin(angle) + y * Math.cos(angle)];
  };
  const ink = layout.ink.map((v, k) => v + (layout.paper[k]! - v) * artefacts.faintness);
  const parts: string[] = [`<rect width="100%" height="100%" fill="${hex(layout.paper)}"/>`];
  const baseline = top + sigH * 0.8;
  if (artefacts.underline) {
    parts.push(
      `<line x1="${left - 50}" y1="${baseline}" x2="${left + sigW + 50}" y2="${baseline}" stroke="#3a3a3a" stroke-width="1.3"/>`,
    );
  }
  if (artefacts.box) {
    parts.push(
      `<rect x="${left - 35}" y="${top - 30}" width="${sigW + 70}" height="${sigH + 60}" fill="none" stroke="#444" stroke-width="1.5"/>`,
    );
  }
  if (artefacts.printedText) {
    const y = Math.min(layout.height - 8, top + sigH + random.between(32, 50));
    parts.push(
      `<text x="${left + random.between(-30, 40)}" y="${y}" font-family="DejaVu Sans" font-size="${random.between(15, 19).toFixed(1)}" fill="#222">Signature of the account holder (as per bank records)</text>`,
    );
  }
  if (artefacts.stamp) {
    const r = random.between(48, 70);
    const onLeft = left > layout.width - (left + sigW);
    const sx = onLeft ? left - r - random.between(40, 70) : left + sigW + r + random.between(40, 70);
    const sy = cy + random.between(-20, 20);
    parts.push(
      `<g fill="none" stroke="${artefacts.stamp}" stroke-width="3" opacity="0.85"><circle cx="${sx}" cy="${sy}" r="${r}"/><circle cx="${sx}" cy="${sy}" r="${r - 9}"/></g>`,
      `<text x="${sx}" y="${sy - 6}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="13" fill="${artefacts.stamp}" opacity="0.85">BRANCH</text>`,
      `<text x="${sx}" y="${sy + 14}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="13" fill="${artefacts.stamp}" opacity="0.85">MANAGER</text>`,
    );
  }
  if (artefacts.scannerLine) {
    const length = random.between(120, 250);
    const thick = random.between(1.5, 2.5);
    const x = random.chance(0.5) ? random.between(4, 30) : layout.width - length - random.between(4, 30);
    const y = random.chance(0.5) ? random.between(4, 25) : layout.height - random.between(4, 25);
    parts.push(`<rect x="${x}" y="${y}" width="${length}" height="${thick}" fill="#262626"/>`);
  }
  for (const stroke of strokes) {
    // Consecutive segments with the same (quantised) width and colour go into one polyline: far fewer
    // SVG elements to rasterise, and no darker dots where segments overlap.
    let run: string[] = [];
    let key = "";
    const flush = (): void => {
      if (run.length < 2) return;
      const [width, colour] = key.split("|");
      parts.push(
        `<polyline points="${run.join(" ")}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`,
      );
    };
    for (let i = 1; i < stroke.length; i++) {
      const a = stroke[i - 1]!;
      const b = stroke[i]!;
      const density = Math.round(((a.density + b.density) / 2) * 20) / 20;
      const colour = hex(ink.map((v, k) => v + (layout.paper[k]! - v) * (1 - density)));
      const width = (Math.round(Math.max(0.8, ((a.width + b.width) / 2) * layout.penPx) * 4) / 4).toFixed(2);
      const next = `${width}|${colour}`;
      const [x1, y1] = place(a);
      const [x2, y2] = place(b);
      if (next !== key) {
        flush();
        key = next;
        run = [`${x1.toFixed(1)},${y1.toFixed(1)}`];
      }
      run.push(`${x2.toFixed(1)},${y2.toFixed(1)}`);
    }
    flush();
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}">${parts.join("")}</svg>`;
  const { data } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = layout;
  // Grain from a table of normal draws: a Box–Muller per byte would dominate the generation time.
  const grain = Float32Array.from({ length: 8192 }, () => random.normal(0, artefacts.noise));
  for (let i = 0; i < data.length; i++) {
    data[i] = Math.max(0, Math.min(255, data[i]! + grain[(random.next() * 8192) | 0]!));
  }
  if (artefacts.speckle) {
    for (let k = random.int(40, 200); k > 0; k--) {
      const x = random.int(1, width - 3);
      const y = random.int(1, height - 3);
      const size = random.chance(0.7) ? 1 : 2;
      const grey = random.between(40, 140);
      for (let dy = 0; dy < size; dy++)
        for (let dx = 0; dx < size; dx++)
          data.fill(grey, ((y + dy) * width + x + dx) * 3, ((y + dy) * width + x + dx) * 3 + 3);
    }
  }
  let image = sharp(data, { raw: { width, height, channels: 3 } });
  if (artefacts.blur > 0.3) image = image.blur(artefacts.blur);
  return artefacts.jpegQuality
    ? image.jpeg({ quality: artefacts.jpegQuality }).toBuffer()
    : image.png().toBuffer();
}
