// Phase 5 of a delivery: when to try again. design: retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h;
// then the delivery is marked failed and can be resent. Each delay is spread by ±10 % (uniform) so that the
// events a receiver failed together during an outage do not all come back in the same second when it
// recovers; the ±10 % keeps each step well apart from its neighbours (the schedule stays recognisable).
import type { Queryable } from "../platform/db/transaction.js";
import { enqueueJob } from "../platform/jobs/queue.js";
import { DELIVER_WEBHOOK_JOB } from "./enqueue-event.js";
import { isRetryable, type SendResult } from "./send-delivery.js";

export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const RETRY_JITTER = 0.1;

export type AttemptOutcome = "delivered" | "retrying" | "failed";

export interface NextAttempt {
  outcome: AttemptOutcome;
  /** When the next attempt runs; null unless retrying. */
  retryAt: Date | null;
}

/** The delay before the retry that follows failed attempt number `attempt` (1-based), with jitter. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_MS[attempt - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 + RETRY_JITTER * (2 * random() - 1)));
}

export function planNextAttempt(
  attempt: number,
  result: SendResult,
  nowMs = Date.now(),
  random: () => number = Math.random,
): NextAttempt {
  if (result.errorClass === null) return { outcome: "delivered", retryAt: null };
  const delay = isRetryable(result.errorClass) ? retryDelayMs(attempt, random) : null;
  if (delay === null) return { outcome: "failed", retryAt: null };
  return { outcome: "retrying", retryAt: new Date(nowMs + delay) };
}

/** Queues the next attempt; called inside the transaction that records this one, so both commit or neither. */
export async function scheduleRetry(tx: Queryable, eventId: string, retryAt: Date): Promise<void> {
  // Attempts are counted on the event, not by the job queue: one job per attempt. The queue retries a job only
  // when it died before recording its attempt (see deliver-event.ts).
  await enqueueJob(tx, DELIVER_WEBHOOK_JOB, { eventId }, { runAt: retryAt });
}
