// A synthetic writer: a seeded "name shape" (control points in x-height units, y up) plus a stable
// stroke style. Specimens are drawn from it with natural variation (genuine) or with the larger
// deformations a forger copying the shape would make (skilled forgery).
import { createRandom, mixSeed, type Random } from "../seeded-random.js";

export interface Point {
  x: number;
  y: number;
}

export interface Writer {
  id: number;
  /** Control points of each pen-down stroke (first name, last name, flourish). */
  strokes: Point[][];
  /** Shear applied as x += slant * y. */
  slant: number;
  /** Pen width in x-height units. */
  penWidth: number;
  /** Horizontal stretch of the whole name. */
  stretch: number;
  ink: "blue" | "black";
  /** Latin cursive, or words hanging from a headline (Devanagari- or Bengali-like). */
  script: Script;
}

export type Script = "latin" | "devanagari" | "bengali";

/** How far one drawing of the shape strays from the writer's model. */
export interface Deformation {
  jitter: number;
  warpAmplitude: number;
  heightSpread: number;
  slantSpread: number;
  stretchSpread: number;
  tremor: number;
}

export const GENUINE_DEFORMATION: Deformation = {
  jitter: 0.035,
  warpAmplitude: 0.05,
  heightSpread: 0.04,
  slantSpread: 0.03,
  stretchSpread: 0.03,
  tremor: 0,
};

export const SKILLED_FORGERY_DEFORMATION: Deformation = {
  jitter: 0.1,
  warpAmplitude: 0.2,
  heightSpread: 0.14,
  slantSpread: 0.1,
  stretchSpread: 0.1,
  tremor: 0.025,
};

function drawCapital(random: Random, x0: number): Point[] {
  const top = random.between(1.8, 2.4);
  const points: Point[] = [{ x: x0, y: random.between(0, 0.5) }];
  points.push({ x: x0 + random.between(0.1, 0.4), y: top });
  points.push({ x: x0 + random.between(0.5, 0.9), y: top * random.between(0.7, 1) });
  if (random.chance(0.6)) points.push({ x: x0 + random.between(0.1, 0.5), y: random.between(0.7, 1.3) });
  points.push({ x: x0 + random.between(0.6, 1.0), y: random.between(-0.1, 0.3) });
  return points;
}

type LetterForm = (random: Random, x: number, width: number) => Point[];

// Cursive letter forms as control points after the pen leaves the previous letter near the baseline.
const LETTER_FORMS: LetterForm[] = [
  // hump (n, h without the ascender)
  (r, x, w) => [
    { x: x + w * 0.35, y: r.between(0.8, 1.1) },
    { x: x + w, y: r.between(-0.05, 0.15) },
  ],
  // double hump (m, w)
  (r, x, w) => [
    { x: x + w * 0.25, y: r.between(0.8, 1.1) },
    { x: x + w * 0.5, y: r.between(0.1, 0.4) },
    { x: x + w * 0.75, y: r.between(0.8, 1.1) },
    { x: x + w, y: r.between(-0.05, 0.15) },
  ],
  // tall loop (l, b, k)
  (r, x, w) => [
    { x: x + w * 0.65, y: r.between(1.6, 2.2) },
    { x: x + w * 0.3, y: r.between(1.3, 1.7) },
    { x: x + w, y: r.between(-0.05, 0.15) },
  ],
  // small loop (e)
  (r, x, w) => [
    { x: x + w * 0.6, y: r.between(0.6, 0.8) },
    { x: x + w * 0.3, y: r.between(0.4, 0.6) },
    { x: x + w, y: r.between(-0.05, 0.1) },
  ],
  // round (o, a)
  (r, x, w) => [
    { x: x + w * 0.6, y: r.between(0.8, 1.0) },
    { x: x + w * 0.15, y: r.between(0.4, 0.6) },
    { x: x + w * 0.55, y: r.between(-0.05, 0.1) },
    { x: x + w * 0.8, y: r.between(0.6, 0.9) },
    { x: x + w, y: r.between(0.0, 0.2) },
  ],
  // descender loop (g, y, j)
  (r, x, w) => [
    { x: x + w * 0.4, y: r.between(0.7, 1.0) },
    { x: x + w * 0.5, y: r.between(-1.1, -0.7) },
    { x: x + w * 0.15, y: r.between(-0.8, -0.5) },
    { x: x + w, y: r.between(0.0, 0.3) },
  ],
  // sharp peak (t, i, v)
  (r, x, w) => [
    { x: x + w * 0.5, y: r.between(0.9, 1.6) },
    { x: x + w * 0.55, y: r.between(0.0, 0.2) },
    { x: x + w, y: r.between(0.2, 0.5) },
  ],
];

// Devanagari-like forms hang from the headline (y ≈ 1.25): a full-height bar (danda), a left loop
// closed on a bar, a hook, a double curve. Bengali-like forms are rounder: a triangle-ish loop, a
// belly that closes on the headline, a curl under the line.
const DEVANAGARI_FORMS: LetterForm[] = [
  (r, x, w) => [
    { x: x + w * 0.8, y: r.between(1.15, 1.3) },
    { x: x + w * 0.82, y: r.between(-0.05, 0.1) },
  ],
  (r, x, w) => [
    { x: x + w * 0.3, y: r.between(0.9, 1.15) },
    { x: x + w * 0.05, y: r.between(0.45, 0.6) },
    { x: x + w * 0.35, y: r.between(0.05, 0.2) },
    { x: x + w * 0.6, y: r.between(0.5, 0.7) },
    { x: x + w * 0.8, y: r.between(1.15, 1.3) },
    { x: x + w * 0.8, y: r.between(-0.05, 0.1) },
  ],
  (r, x, w) => [
    { x: x + w * 0.3, y: r.between(1.0, 1.2) },
    { x: x + w * 0.7, y: r.between(0.7, 0.9) },
    { x: x + w * 0.25, y: r.between(0.35, 0.5) },
    { x: x + w * 0.85, y: r.between(-0.05, 0.15) },
  ],
  (r, x, w) => [
    { x: x + w * 0.2, y: r.between(1.0, 1.2) },
    { x: x + w * 0.6, y: r.between(0.75, 0.9) },
    { x: x + w * 0.3, y: r.between(0.45, 0.55) },
    { x: x + w * 0.7, y: r.between(0.2, 0.3) },
    { x: x + w * 0.35, y: r.between(-0.1, 0.05) },
    { x: x + w, y: r.between(0.5, 0.8) },
  ],
];

const BENGALI_FORMS: LetterForm[] = [
  (r, x, w) => [
    { x: x + w * 0.2, y: r.between(1.05, 1.25) },
    { x: x + w * 0.05, y: r.between(0.3, 0.5) },
    { x: x + w * 0.45, y: r.between(-0.05, 0.1) },
    { x: x + w * 0.85, y: r.between(0.4, 0.6) },
    { x: x + w * 0.8, y: r.between(1.15, 1.3) },
  ],
  (r, x, w) => [
    { x: x + w * 0.5, y: r.between(1.1, 1.25) },
    { x: x + w * 0.1, y: r.between(0.6, 0.8) },
    { x: x + w * 0.5, y: r.between(0.3, 0.45) },
    { x: x + w * 0.9, y: r.between(0.6, 0.8) },
    { x: x + w * 0.85, y: r.between(-0.1, 0.1) },
  ],
  (r, x, w) => [
    { x: x + w * 0.75, y: r.between(1.15, 1.3) },
    { x: x + w * 0.8, y: r.between(0.2, 0.4) },
    { x: x + w * 0.4, y: r.between(-0.2, 0.0) },
    { x: x + w * 0.2, y: r.between(0.25, 0.45) },
    { x: x + w, y: r.between(0.4, 0.6) },
  ],
  ...DEVANAGARI_FORMS.slice(0, 1),
];

/**
 * One headline word: the letters hang from the line, then the pen goes up at the end and draws the
 * headline back to the left, as many writers sign in one movement.
 */
function drawHeadlineWord(
  random: Random,
  x0: number,
  count: number,
  forms: LetterForm[],
): { points: Point[]; end: number } {
  const points: Point[] = [{ x: x0, y: random.between(1.0, 1.2) }];
  let x = x0;
  for (let letter = 0; letter < count; letter++) {
    const width = random.between(0.5, 0.9);
    points.push(...random.pick(forms)(random, x, width));
    x += width;
  }
  const line = random.between(1.22, 1.34);
  points.push(
    { x: x + 0.05, y: line + random.between(-0.03, 0.03) },
    { x: (x + x0) / 2, y: line + random.between(-0.04, 0.04) },
    { x: x0 - random.between(0.05, 0.25), y: line + random.between(-0.05, 0.03) },
  );
  return { points, end: x };
}

function createHeadlineWriter(id: number, script: Script, random: Random): Writer {
  const forms = script === "devanagari" ? DEVANAGARI_FORMS : BENGALI_FORMS;
  const strokes: Point[][] = [];
  const first = drawHeadlineWord(random, 0, random.int(3, 5), forms);
  strokes.push(first.points);
  let end = first.end;
  if (random.chance(0.6)) {
    const second = drawHeadlineWord(random, end + random.between(0.5, 0.9), random.int(3, 5), forms);
    strokes.push(second.points);
    end = second.end;
  }
  if (random.chance(0.35)) {
    strokes.push([
      { x: end * random.between(0.85, 1), y: random.between(-0.3, 0.2) },
      { x: end * 0.5, y: random.between(-0.7, -0.4) },
      { x: end * random.between(0.05, 0.3), y: random.between(-0.5, -0.2) },
    ]);
  }
  return {
    id,
    strokes,
    slant: random.between(-0.1, 0.25),
    penWidth: random.between(0.06, 0.13),
    stretch: random.between(0.8, 1.3),
    ink: random.chance(0.6) ? "blue" : "black",
    script,
  };
}

function drawLetters(random: Random, x0: number, count: number): { points: Point[]; end: number } {
  const points: Point[] = [];
  let x = x0;
  for (let letter = 0; letter < count; letter++) {
    const width = random.between(0.45, 0.95);
    points.push(...random.pick(LETTER_FORMS)(random, x, width));
    x += width;
  }
  return { points, end: x };
}

/**
 * A writer of the given seed: Latin cursive, or (about a third each) a Devanagari- or Bengali-like
 * headline script. The script comes from its own stream, so Latin writers keep their shapes.
 */
export function createWriter(id: number, seed = 7): Writer {
  const random = createRandom(mixSeed(seed, id, 1));
  const roll = createRandom(mixSeed(seed, id, 3)).next();
  if (roll < 0.3) return createHeadlineWriter(id, "devanagari", random);
  if (roll < 0.55) return createHeadlineWriter(id, "bengali", random);
  const strokes: Point[][] = [];
  const first = drawLetters(random, 0.9, random.int(4, 8));
  strokes.push([...drawCapital(random, 0), ...first.points]);
  let end = first.end;
  if (random.chance(0.6)) {
    const start = end + random.between(0.4, 0.8);
    const second = drawLetters(random, start + 0.9, random.int(4, 8));
    strokes.push([...drawCapital(random, start), ...second.points]);
    end = second.end;
  }
  if (random.chance(0.45)) {
    const depth = random.between(-0.9, -0.4);
    strokes.push([
      { x: end * random.between(0.85, 1), y: random.between(-0.2, 0.3) },
      { x: end * 0.6, y: depth },
      { x: end * random.between(0.05, 0.3), y: depth + random.between(-0.2, 0.2) },
    ]);
  }
  return {
    id,
    strokes,
    slant: random.between(-0.1, 0.5),
    penWidth: random.between(0.06, 0.13),
    stretch: random.between(0.8, 1.3),
    ink: random.chance(0.6) ? "blue" : "black",
    script: "latin",
  };
}

/** Catmull-Rom spline through the control points, sampled densely into a polyline. */
function sampleSpline(points: Point[], perSegment = 14): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)]!;
    const p1 = points[i]!;
    const p2 = points[i + 1]!;
    const p3 = points[Math.min(points.length - 1, i + 2)]!;
    for (let s = 0; s < perSegment; s++) {
      const t = s / perSegment;
      const t2 = t * t;
      const t3 = t2 * t;
      const blend = (a: number, b: number, c: number, d: number): number =>
        0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
      out.push({ x: blend(p0.x, p1.x, p2.x, p3.x), y: blend(p0.y, p1.y, p2.y, p3.y) });
    }
  }
  out.push(points[points.length - 1]!);
  return out;
}

function addTremor(line: Point[], random: Random, amplitude: number): Point[] {
  const phase = random.between(0, Math.PI * 2);
  const frequency = random.between(1.2, 2.2);
  return line.map((point, i) => {
    const wobble = amplitude * (Math.sin(i * frequency + phase) + random.normal(0, 0.5));
    return { x: point.x + wobble, y: point.y + wobble * random.between(-1, 1) };
  });
}

/**
 * One drawing of the writer's shape as dense polylines (x-height units, y up, slant applied).
 * The seed makes it reproducible; the deformation sets how far it strays from the model.
 */
export function drawShape(writer: Writer, deformation: Deformation, random: Random): Point[][] {
  const slant = writer.slant + random.normal(0, deformation.slantSpread);
  const stretch = writer.stretch * (1 + random.normal(0, deformation.stretchSpread));
  const warpPeriod = random.between(2, 4);
  const warpPhase = random.between(0, Math.PI * 2);
  return writer.strokes.map((stroke) => {
    const moved = stroke.map((p) => {
      const height = p.y > 1.3 || p.y < -0.3 ? p.y * (1 + random.normal(0, deformation.heightSpread)) : p.y;
      const warp = deformation.warpAmplitude * Math.sin((2 * Math.PI * p.x) / warpPeriod + warpPhase);
      return {
        x: p.x + warp + random.normal(0, deformation.jitter),
        y: height + random.normal(0, deformation.jitter),
      };
    });
    let line = sampleSpline(moved);
    if (deformation.tremor > 0) line = addTremor(line, random, deformation.tremor);
    return line.map((p) => ({ x: (p.x + slant * p.y) * stretch, y: p.y }));
  });
}
