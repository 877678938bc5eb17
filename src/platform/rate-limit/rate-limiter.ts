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

/**
 * A node takes hits from the shared counter in small leases (1/LEASE_DIVISOR of the limit, at least 1)
 * and spends them locally, so a busy tenant costs one round trip per lease rather than per request.
 * The counter counts leased hits, so several nodes together never admit more than the limit (a lease
 * left unspent when the window ends only makes them stricter); small limits lease one hit at a time,
 * exactly as before.
 */
const LEASE_DIVISOR = 50;

interface Lease {
  left: number;
  /** Hits counted in the database when this lease was taken. */
  counted: number;
  windowEndsAt: number;
}

export function createDatabaseRateLimiter(db: Db): RateLimiter {
  const leases = new Map<string, Lease>();
  return {
    async hit(tenantId, bucket, limit) {
      const key = `${tenantId}:${bucket}`;
      const now = Date.now();
      const lease = leases.get(key);
      if (lease && lease.left > 0 && lease.windowEndsAt > now) {
        lease.left -= 1;
        return decide(lease.counted - lease.left, limit, lease.windowEndsAt - now);
      }
      const size = Math.max(1, Math.floor(limit / LEASE_DIVISOR));
      // The database clock decides the window, so every API node agrees.
      const row = await sql<{ hits: number; remaining_ms: number }>`
        INSERT INTO rate_limit_windows AS w (tenant_id, bucket, window_start, hits)
        VALUES (${tenantId}, ${bucket}, date_trunc('minute', now()), ${size})
        ON CONFLICT (tenant_id, bucket, window_start) DO UPDATE SET hits = w.hits + ${size}
        RETURNING hits,
          (extract(epoch FROM (date_trunc('minute', now()) + interval '1 minute' - now())) * 1000)::int AS remaining_ms`
        .execute(db)
        .then((result) => result.rows[0]!);
      // Of the hits just leased, those still under the limit can be spent: this request takes the first.
      const usable = Math.max(0, Math.min(size, limit - (row.hits - size)));
      if (usable === 0) {
        leases.delete(key);
        return decide(row.hits - size + 1, limit, row.remaining_ms);
      }
      if (size > 1) {
        if (leases.size > 10_000) leases.clear();
        leases.set(key, {
          left: usable - 1,
          counted: row.hits - size + usable,
          windowEndsAt: now + row.remaining_ms,
        });
      } else leases.delete(key);
      return decide(row.hits - size + 1, limit, row.remaining_ms);
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
