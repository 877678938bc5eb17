// Finds the machine-readable zone in a photograph without OCR and straightens it: the MRZ is two or
// three long, parallel, equally long lines of evenly spaced characters. Ink is found against the local
// background (uneven light and glare leave it intact), characters are smeared along the line direction
// into line blobs, and the best group of parallel blobs gives the zone's four corners, from which a
// homography rectifies it (rotation at any angle, moderate perspective). Tried along both image axes, so a
// quarter-turned photograph is found too; which way up the zone reads is left to the reader.
import sharp from "sharp";
import { localMean } from "../image/local-mean.js";
import { type Blob, glyphLikeness, type LineBlob, type LineGroup, pickGroup } from "./mrz-line-groups.js";

/** Working size of the search (long side, px). */
const WORK = 1000;
/** Black-hat depths tried in turn (share of the background's brightness). */
const STROKE_DEPTHS = [0.3, 0.18, 0.45];
/** Radius of the strip's background window (px, lines 40 px high, strokes about 6 px wide). */
const INK_BACKGROUND_RADIUS = 7;
/** Share of the paper's brightness below which a background is not print on the document (see inkRatio). */
const DARKEST_BACKGROUND = 0.5;
/** How far beyond an outer line's centre its glyphs reach, in line heights (a blob's thickness is about
 * the capitals' height), with room for a descender or a line that bows. */
const GLYPH_MARGIN = 0.75;

export interface LocatedMrz {
  /** Grey PNG of the straightened zone, lines horizontal, margins around them. */
  png: Buffer;
  /** Number of lines found (2 or 3). */
  lines: number;
  /** Line height in the straightened image, px. */
  lineHeight: number;
  /**
   * Where the straightened zone's left-to-right runs in the photograph (EXIF orientation applied):
   * degrees clockwise from the photograph's rightward axis (y down). Read the right way up the zone's
   * text runs this way, or the opposite way when the strip had to be turned half round to read.
   */
  direction: number;
  /**
   * The corners of the zone's glyphs in the photograph (EXIF orientation applied), as fractions of its width
   * and height: the first line's start and end, then the last line's end and start.
   */
  corners: [number, number][];
}

interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Ink: darker than the 31 × 31 local mean by a margin. */
function inkMask(g: Grey): Uint8Array {
  const { data, width: w, height: h } = g;
  const mean = localMean(data, w, h, 15, new Float64Array(w * h));
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < mask.length; i++) if (data[i]! < mean[i]! * 0.92 - 4) mask[i] = 1;
  return mask;
}

/**
 * Running max (or min) over `2r + 1` pixels along rows (or columns when `vertical`), clipped at the image's
 * edges. Van Herk / Gil-Werman: each line, padded with `r` neutral values a side, is cut into blocks of the
 * window's length; a window's extreme is the larger of the running extreme from its start to its block's end
 * and from its end's block start to its end — three comparisons a pixel whatever the radius (issue 18: the
 * direct scan over the window was the MRZ search's largest cost). A min is the max of the inverted values.
 */
function runningExtreme(src: Uint8Array, w: number, h: number, r: number, vertical: boolean, max: boolean) {
  const out = new Uint8Array(w * h);
  const outer = vertical ? w : h;
  const n = vertical ? h : w;
  const step = vertical ? w : 1;
  const k = 2 * r + 1;
  const length = Math.ceil((n + 2 * r) / k) * k;
  const line = new Uint8Array(length);
  const fromStart = new Uint8Array(length);
  const toEnd = new Uint8Array(length);
  const flip = max ? 0 : 255;
  for (let o = 0; o < outer; o++) {
    const base = vertical ? o : o * w;
    line.fill(0);
    for (let i = 0; i < n; i++) line[r + i] = src[base + i * step]! ^ flip;
    for (let start = 0; start < length; start += k) {
      const end = start + k - 1;
      fromStart[start] = line[start]!;
      for (let j = start + 1; j <= end; j++) fromStart[j] = Math.max(fromStart[j - 1]!, line[j]!);
      toEnd[end] = line[end]!;
      for (let j = end - 1; j >= start; j--) toEnd[j] = Math.max(toEnd[j + 1]!, line[j]!);
    }
    for (let i = 0; i < n; i++) out[base + i * step] = Math.max(toEnd[i]!, fromStart[i + 2 * r]!) ^ flip;
  }
  return out;
}

/** The morphological closing over a (2r + 1)² square: the brightest within `r`, then the darkest within `r`. */
function closing(data: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const dilated = runningExtreme(runningExtreme(data, w, h, r, false, true), w, h, r, true, true);
  return runningExtreme(runningExtreme(dilated, w, h, r, false, false), w, h, r, true, false);
}

/**
 * Dark strokes as a share of their surroundings: the morphological closing (brightest within `r`, then
 * darkest within `r`) fills strokes thinner than the window with their background but leaves step edges
 * (card against desk, the portrait's outline) and smooth shading alone; black-hat = closing − image,
 * divided by the closing so glare and shadow do not change it. Printed characters are far darker than
 * the security print under them, so a threshold on this keeps the text and drops the pattern.
 */
export function blackHat(g: Grey, r: number): Float32Array {
  const { data, width: w, height: h } = g;
  const closed = closing(data, w, h, r);
  const out = new Float32Array(w * h);
  for (let i = 0; i < out.length; i++) out[i] = (closed[i]! - data[i]!) / Math.max(24, closed[i]!);
  return out;
}

/** Closes gaps of up to `gap` px along rows (or columns when `vertical`). */
function smear(mask: Uint8Array, w: number, h: number, gap: number, vertical: boolean): Uint8Array {
  const out = Uint8Array.from(mask);
  const outer = vertical ? w : h;
  const inner = vertical ? h : w;
  const at = (o: number, i: number) => (vertical ? i * w + o : o * w + i);
  for (let o = 0; o < outer; o++) {
    let last = -1;
    for (let i = 0; i < inner; i++) {
      if (!mask[at(o, i)]) continue;
      if (last >= 0 && i - last > 1 && i - last <= gap) for (let k = last + 1; k < i; k++) out[at(o, k)] = 1;
      last = i;
    }
  }
  return out;
}

/** Connected components (4-neighbour) described by their principal axes; small ones are skipped. */
function blobs(mask: Uint8Array, w: number, h: number, minPixels: number): Blob[] {
  const label = new Int32Array(w * h);
  const found: Blob[] = [];
  const stack: number[] = [];
  let next = 1;
  // One function for every pixel's neighbours, not a closure made per pixel (issue 18: with the names kept,
  // as tsx keeps them, making it was a tenth of the MRZ search).
  const visit = (q: number) => {
    if (mask[q] && !label[q]) {
      label[q] = next;
      stack.push(q);
    }
  };
  for (let start = 0; start < w * h; start++) {
    if (!mask[start] || label[start]) continue;
    const pixels: number[] = [];
    label[start] = next;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      pixels.push(p);
      const x = p % w;
      const y = (p - x) / w;
      if (x > 0) visit(p - 1);
      if (x < w - 1) visit(p + 1);
      if (y > 0) visit(p - w);
      if (y < h - 1) visit(p + w);
    }
    next++;
    if (pixels.length < minPixels) continue;
    let sx = 0;
    let sy = 0;
    for (const p of pixels) {
      sx += p % w;
      sy += Math.floor(p / w);
    }
    const cx = sx / pixels.length;
    const cy = sy / pixels.length;
    let xx = 0;
    let yy = 0;
    let xy = 0;
    for (const p of pixels) {
      const dx = (p % w) - cx;
      const dy = Math.floor(p / w) - cy;
      xx += dx * dx;
      yy += dy * dy;
      xy += dx * dy;
    }
    const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
    const dx = Math.cos(angle);
    const dy = Math.sin(angle);
    let lo = Infinity;
    let hi = -Infinity;
    let spread = 0;
    for (const p of pixels) {
      const px = (p % w) - cx;
      const py = Math.floor(p / w) - cy;
      const along = px * dx + py * dy;
      const across = -px * dy + py * dx;
      if (along < lo) lo = along;
      if (along > hi) hi = along;
      spread += across * across;
    }
    const thickness = Math.sqrt(spread / pixels.length) * 3.46; // a uniform band's width from its RMS
    found.push({ cx, cy, dx, dy, length: hi - lo, thickness, lo, hi });
  }
  return found;
}

/** 3×3 homography (h33 = 1) mapping the `from` quad onto the `to` quad. */
export function homography(from: [number, number][], to: [number, number][]): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let pivot = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k < 9; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return [...a.map((row, i) => row[8]! / row[i]!), 1];
}

function warp(src: Grey, corners: [number, number][], outW: number, outH: number): Buffer {
  const m = homography(
    [
      [0, 0],
      [outW, 0],
      [outW, outH],
      [0, outH],
    ],
    corners,
  );
  const out = Buffer.alloc(outW * outH);
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      const d = m[6]! * x + m[7]! * y + 1;
      const u = (m[0]! * x + m[1]! * y + m[2]!) / d;
      const v = (m[3]! * x + m[4]! * y + m[5]!) / d;
      if (u < 0 || v < 0 || u > src.width - 1 || v > src.height - 1) {
        // Off the photograph (a zone at its edge): blank paper, not the border pixels smeared into streaks.
        out[y * outW + x] = 255;
        continue;
      }
      const x0 = Math.min(src.width - 2, Math.max(0, Math.floor(u)));
      const y0 = Math.min(src.height - 2, Math.max(0, Math.floor(v)));
      const fx = Math.min(1, Math.max(0, u - x0));
      const fy = Math.min(1, Math.max(0, v - y0));
      const i = y0 * src.width + x0;
      const top = src.data[i]! * (1 - fx) + src.data[i + 1]! * fx;
      const bottom = src.data[i + src.width]! * (1 - fx) + src.data[i + src.width + 1]! * fx;
      out[y * outW + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return out;
}

/**
 * Ink darkness of the straightened zone: each pixel as a share of its background, the closing of the
 * strip over a window wider than a stroke. Ink is what is darker than what lies around it. A SPECIMEN
 * stamp or a band of tinted print over the zone is its own background and comes out as paper, the glyphs
 * under it as glyphs (a raw strip keeps the stamp as dark as faint print and tesseract breaks the lines
 * there); uneven light and a desk at the strip's edge flatten the same way.
 */
function inkRatio(strip: Buffer, w: number, h: number, r: number): Buffer {
  const data = new Uint8Array(strip.buffer, strip.byteOffset, strip.length);
  const closed = closing(data, w, h, r);
  // A background far darker than the paper is no print on it but the desk or a screen's bezel beside the
  // document: divided by itself its texture (scan lines) would come out as sharp as glyphs. It is divided
  // by this floor instead and stays dark and flat, as in the photograph.
  const floor = Math.max(24, DARKEST_BACKGROUND * percentile(closed, 0.95));
  const out = Buffer.alloc(w * h);
  for (let i = 0; i < out.length; i++)
    out[i] = Math.round((255 * data[i]!) / Math.max(data[i]!, floor, closed[i]!));
  return out;
}

/** The value below which `share` of the pixels lie. */
function percentile(values: Uint8Array, share: number): number {
  const counts = new Uint32Array(256);
  for (const v of values) counts[v]!++;
  let below = 0;
  for (let v = 0; v < 256; v++) {
    below += counts[v]!;
    if (below >= share * values.length) return v;
  }
  return 255;
}

async function decode(image: Buffer, longSide?: number): Promise<Grey> {
  let pipeline = sharp(image, { failOn: "none" }).rotate().greyscale();
  if (longSide) pipeline = pipeline.resize(longSide, longSide, { fit: "inside", withoutEnlargement: true });
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

/**
 * The straightened MRZ of a photograph (EXIF orientation applied), or null when no group of 2–3 long
 * parallel text lines is found.
 */
export async function locateMrz(image: Buffer): Promise<LocatedMrz | null> {
  const small = await decode(image, WORK);
  const { width: w, height: h } = small;
  const longSide = Math.max(w, h);
  const findGroup = (mask: Uint8Array): LineGroup | null => {
    const candidates: LineBlob[] = [];
    for (const vertical of [false, true]) {
      const smeared = smear(mask, w, h, Math.round(longSide / 45), vertical);
      for (const b of blobs(smeared, w, h, 200)) {
        if (b.length <= longSide * 0.2 || b.length / Math.max(1, b.thickness) <= 12) continue;
        const glyphLike = glyphLikeness(mask, w, h, b);
        if (glyphLike > 0) candidates.push({ ...b, glyphLike });
      }
    }
    return pickGroup(candidates);
  };
  // Strokes at least STROKE_DEPTHS[i] darker than their surroundings, the most selective first: on a
  // busy security print the pale pattern would join the lines into one blob; the plain local-mean ink
  // last, for faint print on a plain card. Thin grey print over dark security print is found at one depth
  // while another finds the pattern's waves or the print above the zone: the groups of every depth
  // compete on how zone-like they are, unless one is sure.
  const hat = blackHat(small, Math.max(3, Math.round(longSide / 220)));
  let best: LineGroup | null = null;
  const masks = [
    ...STROKE_DEPTHS.map((depth) => () => {
      const mask = new Uint8Array(w * h);
      for (let i = 0; i < mask.length; i++) if (hat[i]! >= depth) mask[i] = 1;
      return mask;
    }),
    () => inkMask(small),
  ];
  for (const mask of masks) {
    const found = findGroup(mask());
    if (found && found.score > (best?.score ?? 0)) best = found;
    if (best?.sure) break;
  }
  const group = best?.lines;
  if (!group) return null;
  const first = group[0]!;
  const last = group.at(-1)!;
  const dir = { x: first.dx, y: first.dy };
  // Corners along each outer line's axis, pushed out across the lines by a line height.
  const lineHeight = group.reduce((s, b) => s + b.thickness, 0) / group.length;
  const pitchAcross =
    group.length > 1
      ? Math.hypot(last.cx - first.cx, last.cy - first.cy) / (group.length - 1)
      : lineHeight * 2;
  let nx = -dir.y;
  let ny = dir.x;
  if ((last.cx - first.cx) * nx + (last.cy - first.cy) * ny < 0) {
    // Across the lines toward the last one, and along them so that the two make a turn, not a mirror:
    // the strip would otherwise come out mirrored (a quarter-turned card read as nothing at all).
    nx = -nx;
    ny = -ny;
    dir.x = -dir.x;
    dir.y = -dir.y;
  }
  // `t` runs along `dir`: a line whose own direction points the other way (vertical lines in a
  // quarter-turned photo can come out either way) is walked backwards, or its two corners swap and the
  // zone is warped through a twisted quadrilateral.
  const end = (b: Blob, t: number, out: number): [number, number] => {
    const along = b.dx * dir.x + b.dy * dir.y >= 0 ? 1 : -1;
    return [b.cx + along * b.dx * t + nx * out, b.cy + along * b.dy * t + ny * out];
  };
  const margin = pitchAcross * 0.6;
  const pad = lineHeight * 0.8;
  const sign = first.dx * dir.x + first.dy * dir.y >= 0 ? 1 : -1;
  const signLast = last.dx * dir.x + last.dy * dir.y >= 0 ? 1 : -1;
  const [fLo, fHi] = sign > 0 ? [first.lo, first.hi] : [-first.hi, -first.lo];
  const [lLo, lHi] = signLast > 0 ? [last.lo, last.hi] : [-last.hi, -last.lo];
  const lo = Math.min(fLo, lLo) - pad;
  const hi = Math.max(fHi, lHi) + pad;
  // Zone lines are equally long and start in the same column: each outer line's own ends give the
  // corners, so a perspective that shears the zone is undone too; when their lengths disagree (a
  // character split off a blob), the common extent.
  const ownEnds = Math.abs(fHi - fLo - (lHi - lLo)) < 0.04 * Math.max(fHi - fLo, lHi - lLo);
  const firstEnds = ownEnds ? [fLo - pad, fHi + pad] : [lo, hi];
  const lastEnds = ownEnds ? [lLo - pad, lHi + pad] : [lo, hi];
  // Enough pixels for 40 px lines; a 12-megapixel photo need not be decoded whole.
  const full = await decode(image, 3200);
  const k = full.width / w;
  const scale = (p: [number, number]): [number, number] => [p[0] * k, p[1] * k];
  const corners = [
    end(first, firstEnds[0]!, -margin),
    end(first, firstEnds[1]!, -margin),
    end(last, lastEnds[1]!, margin),
    end(last, lastEnds[0]!, margin),
  ].map(scale);
  // Out size: the zone's own aspect, lines about 40 px high (research/ocr.md reads at 26–36 px).
  const zoneW = (hi - lo) * k;
  const zoneH = (pitchAcross * (group.length - 1) + 2 * margin) * k;
  const target = 40 / (lineHeight * k);
  const outW = Math.max(200, Math.round(zoneW * target));
  const outH = Math.max(40, Math.round(zoneH * target));
  const pixels = inkRatio(warp(full, corners, outW, outH), outW, outH, INK_BACKGROUND_RADIUS);
  const png = await sharp(pixels, { raw: { width: outW, height: outH, channels: 1 } })
    .normalise()
    .png({ compressionLevel: 1 })
    .toBuffer();
  const direction = (Math.atan2(dir.y, dir.x) * 180) / Math.PI;
  // The glyphs' own corners: three quarters of a line height beyond the outer lines' centres, where the
  // strip's margin (over half the line pitch) would reach into print right above or below the zone.
  const glyphs = [
    end(first, firstEnds[0]!, -GLYPH_MARGIN * lineHeight),
    end(first, firstEnds[1]!, -GLYPH_MARGIN * lineHeight),
    end(last, lastEnds[1]!, GLYPH_MARGIN * lineHeight),
    end(last, lastEnds[0]!, GLYPH_MARGIN * lineHeight),
  ].map(([x, y]): [number, number] => [x / w, y / h]);
  return { png, lines: group.length, lineHeight: 40, direction, corners: glyphs };
}
