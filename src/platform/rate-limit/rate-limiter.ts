// Per-tenant fixed one-minute windows (design: rate limits per tenant per minute). Counters live in the
// database, or in Redis when REDIS_URL is set, so several API processes share them.

import type { Redis } from "ioredis";
import { sql } from "kysely";
import type { RateBucket } from "../../config.js";
import type { Db } from "../db/database.js";

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** `key` is a tenant id, or another uuid a limit is kept per (an applicant session). */
  hit(key: string, bucket: RateBucket | "applicant_steps", limit: number): Promise<RateDecision>;
  close(): Promise<void>;
}

export function createDatabaseRateLimiter(db: Db): RateLimiter {
  return {
    async hit(tenantId, bucket, limit) {
      // The database clock decides the window, so every API node agrees.
      const row = await sql<{ hits: number; remaining_ms: number }>`
        INSERT INTO rate_limit_windows AS w (tenant_id, bucket, window_start, hits)
        VALUES (${tenantId}, ${bucket}, date_trunc('minute', now()), 1)
        ON CONFLICT (tenant_id, bucket, window_start) DO UPDATE SET hits = w.hits + 1
        RETURNING hits,
          (extract(epoch FROM (date_trunc('minute', now()) + interval '1 minute' - now())) * 1000)::int AS remaining_ms`
        .execute(db)
        .then((result) => result.rows[0]!);
      return decide(row.hits, limit, row.remaining_ms);
    },
    async close() {},
  };
}

export function createRedisRateLimiter(redis: Redis): RateLimiter {
  return {
    async hit(tenantId, bucket, limit) {
      const now = Date.now();
      const window = Math.floor(now / 60_000);
      const key = `rl:${tenantId}:${bucket}:${window}`;
      const [[, hits]] = (await redis.multi().incr(key).expire(key, 120).exec()) as [
        [unknown, number],
        unknown,
      ];
      return decide(hits, limit, (window + 1) * 60_000 - now);
    },
    async close() {
      await redis.quit();
    },
  };
}

function decide(hits: number, limit: number, remainingMs: number): RateDecision {
  return {
    allowed: hits <= limit,
    limit,
    remaining: Math.max(0, limit - hits),
    retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)),
  };
}

/** Deletes finished windows; run by the platform housekeeping job. */
export async function pruneRateLimitWindows(db: Db): Promise<number> {
  const result = await db
    .deleteFrom("rate_limit_windows")
    .where("window_start", "<", sql<Date>`now() - interval '5 minutes'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
