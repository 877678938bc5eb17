// Dynamic time warping in a band: the cheapest monotone alignment of two sequences of `n` columns, where
// column i may meet column j only when |i − j| ≤ band. Diagonal and stretching steps each count once, and
// the sum is divided by the path's length, so the answer is the mean cost per step (0 = identical).
// Shared by the elastic column profile and the stroke sequence.

export function bandedAlignment(n: number, band: number, cost: (i: number, j: number) => number): number {
  const inf = Number.POSITIVE_INFINITY;
  let previous = new Float64Array(n + 1).fill(inf);
  let current = new Float64Array(n + 1).fill(inf);
  let prevSteps = new Float64Array(n + 1);
  let currSteps = new Float64Array(n + 1);
  previous[0] = 0;
  for (let i = 1; i <= n; i++) {
    current.fill(inf);
    for (let j = Math.max(1, i - band); j <= Math.min(n, i + band); j++) {
      let best = previous[j - 1]!;
      let steps = prevSteps[j - 1]!;
      if (previous[j]! < best) {
        best = previous[j]!;
        steps = prevSteps[j]!;
      }
      if (current[j - 1]! < best) {
        best = current[j - 1]!;
        steps = currSteps[j - 1]!;
      }
      current[j] = best + cost(i - 1, j - 1);
      currSteps[j] = steps + 1;
    }
    [previous, current] = [current, previous];
    [prevSteps, currSteps] = [currSteps, prevSteps];
  }
  return previous[n]! / Math.max(1, prevSteps[n]!);
}
