// How a hand moves the pen: a writer's own signature is fast and fluent (tapered stroke ends, thinner
// and lighter ink where the pen speeds along straight parts, pressure that swells and eases), while a
// skilled forger copies the shape slowly (even, heavy ink, blunt ends, tremor, pen lifts mid-stroke,
// small proportion errors). Strokes come out as points with a width and an ink-density factor.
import type { Random } from "../seeded-random.js";
import { type Deformation, drawShape, type Point, type Writer } from "./writer-shape.js";

export interface InkPoint extends Point {
  /** Multiplies the pen width. */
  width: number;
  /** 0..1: how much ink this point lays down (1 = full colour). */
  density: number;
}

/** How one writer's genuine signatures vary from one signing to the next. */
export interface Habits {
  /** Chance that the two words are written in one stroke (joined). */
  joinRate: number;
  /** Typical signature width on a 1,000-px scan. */
  widthPx: number;
  /** Writing speed: higher is more fluent (more taper and width variation). */
  fluency: number;
  /** Pressure swell amplitude. */
  pressure: number;
  /**
   * Signs on a tablet or with a gel pen at constant width and ink: no taper, no swell, no speed in the
   * line at all. Their own signatures are as even as a slow copy, so only the shape and the copy's
   * hesitations (pen lifts, resting blobs, tremor) tell a forgery from them.
   */
  even: boolean;
}

/** Natural variation between a writer's own signatures (shape only; size and slant come on top). */
const NATURAL: Deformation = {
  jitter: 0.03,
  warpAmplitude: 0.05,
  heightSpread: 0.05,
  slantSpread: 0.05,
  stretchSpread: 0.05,
  tremor: 0,
};

/** A forger who studied the genuine: shape close, proportions a little off, a slight tremor. */
const COPIED: Deformation = {
  jitter: 0.05,
  warpAmplitude: 0.09,
  heightSpread: 0.1,
  slantSpread: 0.06,
  stretchSpread: 0.07,
  tremor: 0.012,
};

export function sampleHabits(random: Random): Habits {
  return {
    joinRate: random.chance(0.35) ? random.between(0.3, 0.6) : 0,
    widthPx: random.between(380, 620),
    // Some writers sign slowly and evenly (a ballpoint with steady pressure): their own signatures
    // look a little like a copy's line, which the score must tolerate.
    fluency: random.between(0.35, 1),
    pressure: random.between(0.03, 0.3),
    even: false,
  };
}

/** Share of writers whose own line is perfectly even (tablet-drawn, or a gel pen at steady pressure). */
export const EVEN_WRITER_RATE = 0.15;

/** Even writing: constant width and ink along the whole line (a tablet's export), round ends. */
function evenDynamics(line: Point[]): InkPoint[] {
  return line.map((p) => ({ ...p, width: 1, density: 0.9 }));
}

/** Moves the second word (spacing, baseline) and joins it to the first when the writer does. */
function arrangeWords(writer: Writer, random: Random, join: boolean, wordError: number): Writer {
  if (writer.strokes.length < 2 || writer.strokes[1]!.length < 6) return writer;
  const [first, second, ...rest] = writer.strokes as [Point[], Point[], ...Point[][]];
  const dx = random.normal(0, 0.15) + wordError * random.normal(0, 1);
  const dy = random.normal(0, 0.08);
  const scale = 1 + wordError * random.normal(0, 0.6);
  const x0 = second[0]!.x;
  const moved = second.map((p) => ({ x: x0 + dx + (p.x - x0) * scale, y: dy + p.y * scale }));
  const strokes = join ? [[...first, ...moved], ...rest] : [first, moved, ...rest];
  return { ...writer, strokes };
}

/** Baseline drift: a small tilt plus a gentle bow across the signature. */
function driftBaseline(lines: Point[][], random: Random): Point[][] {
  const slope = random.normal(0, 0.03);
  const bow = random.normal(0, 0.06);
  const xs = lines.flat().map((p) => p.x);
  const min = Math.min(...xs);
  const span = Math.max(1e-6, Math.max(...xs) - min);
  return lines.map((line) =>
    line.map((p) => {
      const t = (p.x - min) / span;
      return { x: p.x, y: p.y + slope * (p.x - min) + bow * 4 * t * (1 - t) };
    }),
  );
}

function curvature(line: Point[], i: number): number {
  const a = line[Math.max(0, i - 2)]!;
  const b = line[i]!;
  const c = line[Math.min(line.length - 1, i + 2)]!;
  const t1 = Math.atan2(b.y - a.y, b.x - a.x);
  const t2 = Math.atan2(c.y - b.y, c.x - b.x);
  let d = Math.abs(t2 - t1);
  if (d > Math.PI) d = 2 * Math.PI - d;
  return d;
}

/** Fluent writing: speed falls in curves, width and density follow speed and a pressure swell. */
function fluentDynamics(line: Point[], habits: Habits, random: Random): InkPoint[] {
  const n = line.length;
  const phase = random.between(0, Math.PI * 2);
  const period = random.between(25, 60);
  const taper = Math.max(3, Math.round(n * 0.06 * habits.fluency));
  return line.map((p, i) => {
    const speed = 1 / (1 + 3 * curvature(line, i));
    const swell = habits.pressure * Math.sin((2 * Math.PI * i) / period + phase);
    const ends = Math.min(1, (Math.min(i, n - 1 - i) + 1) / taper);
    const width = (1 + swell - 0.25 * habits.fluency * (speed - 0.6)) * (0.35 + 0.65 * ends);
    const density = Math.min(1, 0.78 + 0.2 * (1 - speed) + swell * 0.5);
    return { ...p, width: Math.max(0.3, width), density: Math.max(0.45, density) };
  });
}

/** Slow copying: heavy even ink, blunt ends, small blobs where the pen rested, pen lifts. */
function slowDynamics(line: Point[], random: Random): InkPoint[][] {
  const pieces: InkPoint[][] = [];
  const lifts = line.length > 120 ? random.int(1, 3) : line.length > 50 ? random.int(0, 1) : 0;
  const cuts = Array.from({ length: lifts }, () => random.int(20, line.length - 20)).sort((a, b) => a - b);
  let start = 0;
  for (const cut of [...cuts, line.length]) {
    if (cut - start < 4) continue;
    // A pen lift: the forger stops, looks, and restarts a hair away from where the stroke ended.
    const dx = random.normal(0, 0.02);
    const dy = random.normal(0, 0.02);
    const piece = line.slice(start, Math.min(line.length, cut + 1)).map((p, i) => ({
      x: p.x + dx,
      y: p.y + dy,
      width: 1.1 + random.normal(0, 0.03) + (i < 2 ? 0.35 : 0),
      density: 0.97,
    }));
    pieces.push(piece);
    start = cut + 1;
  }
  return pieces;
}

/** One genuine signing by the writer; `join` pins whether the two words are joined this time. */
export function drawGenuine(writer: Writer, habits: Habits, random: Random, join?: boolean): InkPoint[][] {
  const chance = random.chance(habits.joinRate);
  join ??= chance;
  const arranged = arrangeWords(writer, random, join, 0);
  const lines = driftBaseline(drawShape(arranged, NATURAL, random), random);
  return lines.map((line) => (habits.even ? evenDynamics(line) : fluentDynamics(line, habits, random)));
}

/** A skilled forgery: the forger saw genuine signatures and copies the shape, not the movement. */
export function drawSkilledForgery(writer: Writer, random: Random): InkPoint[][] {
  // The forger copies one genuine; which one (joined or not) is up to chance.
  const arranged = arrangeWords(writer, random, random.chance(0.3), 0.06);
  const lines = driftBaseline(drawShape(arranged, COPIED, random), random);
  return lines.flatMap((line) => slowDynamics(line, random));
}
