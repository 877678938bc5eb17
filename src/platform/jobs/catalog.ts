// Jobs are declared in one typed catalog: name, payload schema, timeout, attempts, backoff, optional cron.
import type { z } from "zod";
import type { Services } from "../../services.js";

export interface JobDefinition<P = unknown> {
  name: string;
  payload: z.ZodType<P>;
  timeoutMs: number;
  maxAttempts: number;
  /** Delay before retry number `attempt` (1-based); default exponential from 10 s, capped at 1 h. */
  backoffMs?: (attempt: number) => number;
  /** Sweeps: enqueue one run every `everyMs`, across all worker processes. */
  cron?: { everyMs: number };
  run(payload: P, services: Services): Promise<void>;
}

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

export function defaultBackoffMs(attempt: number): number {
  return Math.min(3_600_000, 10_000 * 2 ** Math.max(0, attempt - 1));
}
