// Jobs are declared in one typed catalog: name, payload schema, timeout, attempts, backoff, optional cron.
// A job runs with a context the composition root chooses (the whole Services there); platform's own jobs
// need only the database, so platform/ never names what sits above it.
import type { Logger } from "pino";
import type { z } from "zod";
import type { Db } from "../db/database.js";

/** What the worker itself needs from the context it hands every job. */
export interface JobContext {
  db: Db;
  log: Logger;
}

export interface JobDefinition<P = unknown, C = JobContext> {
  name: string;
  payload: z.ZodType<P>;
  timeoutMs: number;
  maxAttempts: number;
  /** Delay before retry number `attempt` (1-based); default exponential from 10 s, capped at 1 h. */
  backoffMs?: (attempt: number) => number;
  /** Sweeps: enqueue one run every `everyMs`, across all worker processes. */
  cron?: { everyMs: number };
  run(payload: P, context: C): Promise<void>;
}

/** A job as the worker holds it: payload already validated by its own schema. */
// biome-ignore lint/suspicious/noExplicitAny: the catalog holds jobs of every payload type.
export type AnyJob<C> = JobDefinition<any, C>;

export function defineJob<P, C = JobContext>(definition: JobDefinition<P, C>): JobDefinition<P, C> {
  return definition;
}

export function defaultBackoffMs(attempt: number): number {
  return Math.min(3_600_000, 10_000 * 2 ** Math.max(0, attempt - 1));
}
