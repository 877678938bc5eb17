// Latency samples → the figures every bench prints.
export interface LatencySummary {
  requests: number;
  /** Requests per second of wall time spent on this target (requests run one after another). */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export function summarize(samplesMs: number[]): LatencySummary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    requests: sorted.length,
    perSecond: sorted.length / (total / 1000),
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One table row: label, requests, requests/s, p50 and p99 in ms, in fixed-width columns. */
export function latencyRow(label: string, summary: LatencySummary, labelWidth: number): string {
  return [
    label.padEnd(labelWidth),
    String(summary.requests).padStart(8),
    summary.perSecond.toFixed(0).padStart(10),
    summary.p50Ms.toFixed(3).padStart(10),
    summary.p99Ms.toFixed(3).padStart(10),
  ].join("");
}
