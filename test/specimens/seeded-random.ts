// Seeded randomness (mulberry32) shared by every specimen generator and benchmark corpus, so each output is
// reproducible from its seed.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  /** Normal with the given mean and standard deviation (Box–Muller). */
  normal(mean?: number, sd?: number): number;
  /** Integer in [min, max] inclusive. */
  int(min: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** `count` random decimal digits. */
  digits(count: number): string;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, maxInclusive: number): number =>
    min + Math.floor(next() * (maxInclusive - min + 1));
  return {
    next,
    between: (min, max) => min + (max - min) * next(),
    normal: (mean = 0, sd = 1) => {
      const u = Math.max(next(), 1e-12);
      const v = next();
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    int,
    pick: (items) => items[int(0, items.length - 1)] as (typeof items)[number],
    chance: (probability) => next() < probability,
    digits: (count) => Array.from({ length: count }, () => String(int(0, 9))).join(""),
  };
}

/** Mixes several integers into one seed so (writer, kind, index) triples get independent streams. */
export function mixSeed(...parts: number[]): number {
  let h = 2166136261;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 16777619);
    h ^= h >>> 13;
  }
  return h >>> 0;
}
