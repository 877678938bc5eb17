// Which line blobs of a photograph are the machine-readable zone (mrz-locate.ts): two or three parallel,
// equally long, equally thick, evenly spaced lines of characters at OCR-B's pitch. Security print under
// the zone (guilloche waves, rosettes) smears into long parallel blobs too, often longer than the zone's
// own lines; so does a line of print just above the zone. Each group is scored by how much it looks like
// a zone, and the groups found at every stroke depth compete on that score.

export interface Blob {
  cx: number;
  cy: number;
  /** Unit direction of the major axis. */
  dx: number;
  dy: number;
  length: number;
  thickness: number;
  /** Extent along the major axis from the centre. */
  lo: number;
  hi: number;
}

/** A line blob with how much it looks like a line of MRZ characters, 0..1. */
export interface LineBlob extends Blob {
  glyphLike: number;
}

export interface LineGroup {
  lines: LineBlob[];
  score: number;
  /** Every line at OCR-B's pitch and the lines equally thick: no other depth needs a look. */
  sure: boolean;
}

/**
 * The unsmeared ink along a line blob's axis: its runs, the share of the axis inked, and the number of
 * glyphs a line of OCR-B that long and thick would hold.
 */
function lineRuns(
  mask: Uint8Array,
  w: number,
  h: number,
  b: Blob,
): { runs: number; inked: number; glyphs: number } {
  const n = Math.max(1, Math.round(b.hi - b.lo));
  const half = Math.max(1, b.thickness / 2);
  let runs = 0;
  let inked = 0;
  let prev = false;
  for (let t = 0; t <= n; t++) {
    const along = b.lo + t;
    let any = false;
    for (let a = -half; a <= half && !any; a++) {
      const x = Math.round(b.cx + b.dx * along - b.dy * a);
      const y = Math.round(b.cy + b.dy * along + b.dx * a);
      if (x >= 0 && y >= 0 && x < w && y < h && mask[y * w + x]) any = true;
    }
    if (any) {
      inked++;
      if (!prev) runs++;
    }
    prev = any;
  }
  // OCR-B's pitch is about 0.7 of its character height.
  const glyphs = b.length / Math.max(1, 0.7 * b.thickness);
  return { runs, inked: inked / (n + 1), glyphs };
}

/** Runs per expected glyph from which a line counts as fully glyph-like (neighbours joined by blur). */
const FULL_RUNS = 0.65;

/**
 * How much a line blob looks like a line of characters, 0 when it is none: along its axis the unsmeared
 * ink breaks into runs, about one per glyph, with gaps between them. The stripes a screen's moiré or scan
 * lines leave on a photo (and ruled lines) are long runs of ink: not text (0). A thin wave of security
 * print smeared into a band breaks into many short runs, but its band is thin, so a line of glyphs that
 * thin would hold twice as many: about half a run per expected glyph, against 0.8–1 for print.
 */
export function glyphLikeness(mask: Uint8Array, w: number, h: number, b: Blob): number {
  const { runs, inked, glyphs } = lineRuns(mask, w, h, b);
  // Blur may join neighbours, so a quarter of the glyphs will do to be text at all.
  if (runs < Math.max(4, glyphs / 4) || inked >= 0.92) return 0;
  return Math.min(1, runs / glyphs / FULL_RUNS) ** 3;
}

/** Spacing of neighbouring zone lines may differ by this share (a line of other print above does not). */
const EVEN_SPACING = 0.25;

/** The group's shortest line as a share of its longest, and its thinnest as a share of its thickest. */
function evenness(group: LineBlob[]): { length: number; thickness: number } {
  const lengths = group.map((b) => b.length);
  const thick = group.map((b) => b.thickness);
  return {
    length: Math.min(...lengths) / Math.max(...lengths),
    thickness: Math.min(...thick) / Math.max(...thick),
  };
}

/**
 * Glyph-like length, discounted when the lines are unequally thick (security-print waves, a smaller line
 * of print) or long. Lengths are discounted gently: pale fillers at a line's end drop out of the stroke
 * mask, so a names line full of them is found shorter than the others.
 */
function score(group: LineBlob[]): number {
  const even = evenness(group);
  return group.reduce((s, b) => s + b.length * b.glyphLike, 0) * even.thickness * Math.sqrt(even.length);
}

/** Lines at least this glyph-like, this evenly thick and long: a group no other depth needs to beat. */
const SURE = { glyphLike: 0.8, thickness: 0.8, length: 0.88 };

/** The best group of 2–3 parallel, equally long, evenly spaced, neighbouring line blobs. */
export function pickGroup(lines: LineBlob[]): LineGroup | null {
  let best: LineGroup | null = null;
  for (const seed of lines) {
    const across = (b: Blob) => -(b.cx - seed.cx) * seed.dy + (b.cy - seed.cy) * seed.dx;
    // Where a line begins along the seed's axis (its nearer end, whichever way its own axis points).
    const start = (b: Blob) => {
      const along = (t: number) =>
        (b.cx + b.dx * t - seed.cx) * seed.dx + (b.cy + b.dy * t - seed.cy) * seed.dy;
      return Math.min(along(b.lo), along(b.hi));
    };
    const mates = lines
      .filter((b) => {
        if (b === seed) return true;
        const parallel = Math.abs(b.dx * seed.dy - b.dy * seed.dx) < 0.06;
        const similar = Math.abs(b.length - seed.length) < 0.25 * seed.length;
        const spacing = Math.abs(across(b)) / Math.max(1, seed.thickness);
        // Zone lines start in the same column; a names line ends early when its fillers are pale.
        const aligned = Math.abs(start(b) - start(seed)) < 0.1 * seed.length;
        return parallel && similar && aligned && spacing > 1.1 && spacing < 6;
      })
      .sort((a, b) => across(a) - across(b));
    const at = mates.indexOf(seed);
    // Every run of two or three neighbouring lines that holds the seed.
    for (let start = Math.max(0, at - 2); start <= at; start++) {
      for (const size of [2, 3]) {
        const group = mates.slice(start, start + size);
        if (group.length < size || !group.includes(seed)) continue;
        if (size === 3) {
          const gap1 = across(group[1]!) - across(group[0]!);
          const gap2 = across(group[2]!) - across(group[1]!);
          if (Math.abs(gap1 - gap2) > EVEN_SPACING * Math.max(gap1, gap2)) continue;
        }
        const s = score(group);
        if (s > (best?.score ?? 0)) {
          const even = evenness(group);
          const sure =
            group.every((b) => b.glyphLike >= SURE.glyphLike) &&
            even.thickness >= SURE.thickness &&
            even.length >= SURE.length;
          best = { lines: group, score: s, sure };
        }
      }
    }
  }
  return best;
}
