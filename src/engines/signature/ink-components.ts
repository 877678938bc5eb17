// Keeps the signature's own ink and drops what a real scan adds around it: stray scanner lines, page
// edge shadows, filled blobs, stamps (coloured ones by hue, ring or box stamps by the text they
// enclose), and ink far from the signature (printed text, notes, a second mark). The signature is the
// heaviest cluster of nearby large components; small pieces join it only when they lie inside it.
import { type InkMask, lineThickness } from "./ink-mask.js";

export interface InkComponent {
  area: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

interface Measured extends InkComponent {
  label: number;
  /** Second moments about the centroid, for straightness. */
  sx: number;
  sy: number;
  sxx: number;
  syy: number;
  sxy: number;
  /** Colour sums over the component's ink pixels, weighted by darkness (the stroke core counts most). */
  r: number;
  g: number;
  b: number;
  weight: number;
  touchesBorder: boolean;
}

/** A component this straight and this long is a ruler or scanner line, not a pen stroke. */
const LINE_MIN_LENGTH = 40;
const LINE_MAX_SPREAD = 1.5;
/** A component whose box is this full of ink and this thick is a blob (stamp pad, smudge, thumb). */
const BLOB_FILL = 0.55;
/** Pen inks are blue, violet-blue or unsaturated; hue range (degrees) of a saturated pen. */
const PEN_HUE: readonly [number, number] = [180, 265];
const PEN_MAX_SATURATION = 35;

export interface SelectOptions {
  /** Interleaved colour pixels of the image the mask came from. */
  rgb: Uint8Array | Buffer;
  channels: number;
  /** Connect pieces of a broken (faint) stroke across gaps this wide, in pixels. */
  bridge: number;
  /** Rows where ruled lines were erased (1 = line row); flat leftovers on them are dropped. */
  lineRows?: Uint8Array;
}

/**
 * Labels the ink (components of the mask dilated by `bridge`, so a faint stroke's pieces stay one),
 * drops artefacts and far-away ink in place, and returns the components kept.
 */
export function selectSignatureInk(mask: InkMask, options: SelectOptions): InkComponent[] {
  const { width, height, data } = mask;
  const joined = options.bridge > 0 ? dilate(data, width, height, options.bridge) : data;
  const labels = new Int32Array(width * height);
  const components: Measured[] = [];
  const stack: number[] = [];
  for (let start = 0; start < joined.length; start++) {
    if (joined[start] !== 1 || labels[start] !== 0) continue;
    const c: Measured = {
      label: components.length + 1,
      area: 0,
      minX: width,
      minY: height,
      maxX: -1,
      maxY: -1,
      sx: 0,
      sy: 0,
      sxx: 0,
      syy: 0,
      sxy: 0,
      r: 0,
      g: 0,
      b: 0,
      weight: 0,
      touchesBorder: false,
    };
    labels[start] = c.label;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      const px = p % width;
      const py = (p - px) / width;
      if (data[p] === 1) measurePixel(c, px, py, p, options);
      for (let dy = -1; dy <= 1; dy++) {
        const ny = py + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = px + dx;
          if (nx < 0 || nx >= width) continue;
          const n = ny * width + nx;
          if (joined[n] === 1 && labels[n] === 0) {
            labels[n] = c.label;
            stack.push(n);
          }
        }
      }
    }
    if (c.area > 0) {
      c.touchesBorder = c.minX === 0 || c.minY === 0 || c.maxX === width - 1 || c.maxY === height - 1;
    }
    components.push(c);
  }
  const lineRows = options.lineRows ?? new Uint8Array(height);
  const maxLine = lineThickness(height);
  const ruleLeftover = (c: Measured): boolean => {
    if (c.maxY - c.minY + 1 > maxLine) return false;
    for (let y = Math.max(0, c.minY - 1); y <= Math.min(height - 1, c.maxY + 1); y++)
      if (lineRows[y] === 1) return true;
    return false;
  };
  // A ring's ink keeps away from its centre; handwriting of the same compact shape does not.
  const hollow = (c: Measured): boolean => {
    const cx = (c.minX + c.maxX) / 2;
    const cy = (c.minY + c.maxY) / 2;
    const rx = (c.maxX - c.minX + 1) / 2;
    const ry = (c.maxY - c.minY + 1) / 2;
    let central = 0;
    for (let y = c.minY; y <= c.maxY; y++) {
      for (let x = c.minX; x <= c.maxX; x++) {
        const i = y * width + x;
        if (labels[i] !== c.label || data[i] !== 1) continue;
        const dx = (x - cx) / rx;
        const dy = (y - cy) / ry;
        if (dx * dx + dy * dy < 0.36) central++;
      }
    }
    return central < 0.1 * c.area;
  };
  // Printed words the dilation has merged into one line: many short vertical strokes side by side,
  // so a row across the middle of the line crosses ink again and again; a pen flourish of the same
  // box is crossed once or twice.
  const textLine = (c: Measured): boolean => {
    const w = c.maxX - c.minX + 1;
    const h = c.maxY - c.minY + 1;
    if (w < 6 * h) return false;
    let most = 0;
    for (const share of [0.4, 0.5, 0.6]) {
      const y = c.minY + Math.round(share * (h - 1));
      let runs = 0;
      let inside = false;
      for (let x = c.minX; x <= c.maxX; x++) {
        const i = y * width + x;
        const on = labels[i] === c.label && data[i] === 1;
        if (on && !inside) runs++;
        inside = on;
      }
      most = Math.max(most, runs);
    }
    return most >= Math.max(6, w / (2 * h));
  };
  const keep = chooseSignature(
    components.filter((c) => !ruleLeftover(c)),
    width,
    height,
    hollow,
    textLine,
  );
  for (let i = 0; i < data.length; i++) {
    const label = labels[i]!;
    if (label > 0 && data[i] === 1 && !keep.has(label)) data[i] = 0;
  }
  return components
    .filter((c) => keep.has(c.label))
    .map(({ area, minX, minY, maxX, maxY }) => ({ area, minX, minY, maxX, maxY }));
}

function measurePixel(c: Measured, x: number, y: number, p: number, options: SelectOptions): void {
  c.area++;
  if (x < c.minX) c.minX = x;
  if (x > c.maxX) c.maxX = x;
  if (y < c.minY) c.minY = y;
  if (y > c.maxY) c.maxY = y;
  c.sx += x;
  c.sy += y;
  c.sxx += x * x;
  c.syy += y * y;
  c.sxy += x * y;
  const o = p * options.channels;
  const r = options.rgb[o]!;
  const g = options.rgb[o + 1]!;
  const b = options.rgb[o + 2]!;
  const dark = 255 - (r * 0.299 + g * 0.587 + b * 0.114);
  const w = dark * dark;
  c.r += r * w;
  c.g += g * w;
  c.b += b * w;
  c.weight += w;
}

function chooseSignature(
  all: Measured[],
  width: number,
  height: number,
  hollow: (c: Measured) => boolean,
  textLine: (c: Measured) => boolean,
): Set<number> {
  const present = all.filter((c) => c.area > 0);
  const largest = present.reduce((max, c) => Math.max(max, c.area), 0);
  const floor = Math.max(8, Math.round(largest * 0.02), Math.round(width * height * 0.00002));
  let candidates = present.filter((c) => c.area >= floor && !isLine(c) && !isBlob(c) && isPenColour(c));
  candidates = dropStamps(candidates, present, hollow);
  if (candidates.length === 0) return new Set();
  candidates = dropPrintedLines(candidates, textLine);
  if (candidates.length === 0) return new Set();
  // Seeds are the large components (words, capitals, flourishes); their height (about a word with its
  // ascenders and descenders) sets the scale of gaps inside a signature.
  const biggest = candidates.reduce((max, c) => (c.area > max.area ? c : max));
  const seeds = candidates.filter((c) => c.area >= biggest.area * 0.08);
  // The tallest seed, not only the heaviest: ruled-line removal can cut a word into short pieces.
  const wordHeight = Math.max(...seeds.map((c) => c.maxY - c.minY + 1));
  const clusters = clusterByGap(seeds, wordHeight * 0.8, wordHeight * 0.4);
  let best = clusters[0]!;
  let bestMass = -1;
  for (const cluster of clusters) {
    const mass = cluster.reduce((sum, c) => sum + c.area, 0);
    if (mass > bestMass) {
      best = cluster;
      bestMass = mass;
    }
  }
  const kept = new Set(best.map((c) => c.label));
  // Small pieces (i-dots, a pen lift, a faint fragment) join when they sit in or just beside the signature.
  const reach = wordHeight * 0.12;
  for (let round = 0; round < 2; round++) {
    const box = boxOf(candidates.filter((c) => kept.has(c.label)));
    for (const c of candidates) {
      if (kept.has(c.label)) continue;
      if (
        c.minX >= box.minX - reach &&
        c.maxX <= box.maxX + reach &&
        c.minY >= box.minY - reach &&
        c.maxY <= box.maxY + reach
      ) {
        kept.add(c.label);
      }
    }
  }
  return kept;
}

/** Straight and thin, or a long band along the image border (a scanner line or page edge). */
function isLine(c: Measured): boolean {
  const n = c.area;
  const mx = c.sx / n;
  const my = c.sy / n;
  const vxx = c.sxx / n - mx * mx;
  const vyy = c.syy / n - my * my;
  const vxy = c.sxy / n - mx * my;
  const mean = (vxx + vyy) / 2;
  const spread = Math.sqrt(Math.max(0, mean * mean - (vxx * vyy - vxy * vxy)));
  const along = Math.sqrt(Math.max(0, mean + spread) * 12);
  const across = Math.sqrt(Math.max(0, mean - spread));
  if (along < LINE_MIN_LENGTH) return false;
  return across <= LINE_MAX_SPREAD || (c.touchesBorder && across / along <= 0.012);
}

function isBlob(c: Measured): boolean {
  const w = c.maxX - c.minX + 1;
  const h = c.maxY - c.minY + 1;
  return Math.min(w, h) >= 24 && c.area / (w * h) > BLOB_FILL;
}

/** Red, orange, green or magenta ink is a stamp or a printed form, not a pen signature. */
function isPenColour(c: Measured): boolean {
  if (c.weight <= 0) return true;
  const r = c.r / c.weight;
  const g = c.g / c.weight;
  const b = c.b / c.weight;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max - min < PEN_MAX_SATURATION) return true;
  let hue: number;
  if (max === r) hue = (60 * ((g - b) / (max - min)) + 360) % 360;
  else if (max === g) hue = 60 * ((b - r) / (max - min)) + 120;
  else hue = 60 * ((r - g) / (max - min)) + 240;
  return hue >= PEN_HUE[0] && hue <= PEN_HUE[1];
}

/**
 * A stamp is a ring or box (sparse ink, a square-ish box, the ink spread evenly around an empty centre) or
 * any sizeable mark in a non-pen colour. It goes, and so does everything inside its box (its lettering).
 */
function dropStamps(components: Measured[], all: Measured[], hollow: (c: Measured) => boolean): Measured[] {
  const stamps = all.filter((c) => {
    const w = c.maxX - c.minX + 1;
    const h = c.maxY - c.minY + 1;
    if (w < 30 || h < 30) return false;
    return !isPenColour(c) || (isRing(c, w, h) && hollow(c));
  });
  if (stamps.length === 0) return components;
  return components.filter(
    (c) =>
      !stamps.some((s) => {
        const cx = (c.minX + c.maxX) / 2;
        const cy = (c.minY + c.maxY) / 2;
        return cx > s.minX && cx < s.maxX && cy > s.minY && cy < s.maxY;
      }),
  );
}

/** Sparse, square-ish, centred and isotropic: a circle or a box outline, not a handwritten loop. */
function isRing(c: Measured, w: number, h: number): boolean {
  if (w / h > 1.5 || h / w > 1.5 || c.area / (w * h) > 0.3) return false;
  const n = c.area;
  const mx = c.sx / n;
  const my = c.sy / n;
  if (Math.abs(mx - (c.minX + c.maxX) / 2) > 0.06 * w || Math.abs(my - (c.minY + c.maxY) / 2) > 0.06 * h) {
    return false;
  }
  const vxx = c.sxx / n - mx * mx;
  const vyy = c.syy / n - my * my;
  const vxy = c.sxy / n - mx * my;
  const total = vxx + vyy;
  // A ring's ink sits far from its centre: variance near (radius²), not the spread of a filled disc.
  const radius = Math.min(w, h) / 2;
  return Math.abs(vxx - vyy) / total < 0.2 && Math.abs(vxy) / total < 0.1 && total > 0.45 * radius * radius;
}

/**
 * Printed text (a form's caption, a typed name): three or more short components of about the same
 * height whose tops and bottoms line up, much shorter than the tallest ink, or one such component
 * that reads as a merged line of print (`textLine`). They are dropped.
 */
function dropPrintedLines(components: Measured[], textLine: (c: Measured) => boolean): Measured[] {
  const tallest = components.reduce((max, c) => Math.max(max, c.maxY - c.minY + 1), 0);
  const short = components.filter((c) => c.maxY - c.minY + 1 < tallest * 0.3);
  const dropped = new Set<number>(short.filter(textLine).map((c) => c.label));
  for (const c of short) {
    const h = c.maxY - c.minY + 1;
    // Words of a printed line share most of their height band (descenders and capitals aside).
    const row = short.filter((o) => {
      const oh = o.maxY - o.minY + 1;
      const overlap = Math.min(o.maxY, c.maxY) - Math.max(o.minY, c.minY) + 1;
      return overlap >= 0.6 * Math.min(oh, h) && Math.max(oh, h) / Math.min(oh, h) <= 1.8;
    });
    if (row.length < 3) continue;
    const span = Math.max(...row.map((o) => o.maxX)) - Math.min(...row.map((o) => o.minX));
    if (span < h * 5) continue;
    for (const o of row) dropped.add(o.label);
  }
  return components.filter((c) => !dropped.has(c.label));
}

/** Single-linkage clusters: boxes closer than `gapX` across and `gapY` down join one cluster. */
function clusterByGap(components: Measured[], gapX: number, gapY: number): Measured[][] {
  const parent = components.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (let i = 0; i < components.length; i++) {
    for (let j = i + 1; j < components.length; j++) {
      const a = components[i]!;
      const b = components[j]!;
      const dx = Math.max(0, Math.max(a.minX, b.minX) - Math.min(a.maxX, b.maxX));
      const dy = Math.max(0, Math.max(a.minY, b.minY) - Math.min(a.maxY, b.maxY));
      if (dx <= gapX && dy <= gapY) parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, Measured[]>();
  components.forEach((c, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), c]);
  });
  return [...groups.values()];
}

function boxOf(components: InkComponent[]): { minX: number; minY: number; maxX: number; maxY: number } {
  return {
    minX: Math.min(...components.map((c) => c.minX)),
    minY: Math.min(...components.map((c) => c.minY)),
    maxX: Math.max(...components.map((c) => c.maxX)),
    maxY: Math.max(...components.map((c) => c.maxY)),
  };
}

/** Binary dilation by a (2r+1)² square, separable. */
function dilate(data: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const tmp = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let last = -1_000_000;
    for (let x = 0; x < width + radius; x++) {
      if (x < width && data[row + x] === 1) last = x;
      const target = x - radius;
      if (target >= 0 && x - last <= 2 * radius) tmp[row + target] = 1;
    }
  }
  const out = new Uint8Array(data.length);
  for (let x = 0; x < width; x++) {
    let last = -1_000_000;
    for (let y = 0; y < height + radius; y++) {
      if (y < height && tmp[y * width + x] === 1) last = y;
      const target = y - radius;
      if (target >= 0 && y - last <= 2 * radius) out[target * width + x] = 1;
    }
  }
  return out;
}
