// Platform sweeps: rate-limit windows, finished jobs, and the daily usage rollup operators report from.
import { sql } from "kysely";
import { z } from "zod";
import { pruneRateLimitWindows } from "../rate-limit/rate-limiter.js";
import { defineJob } from "./catalog.js";

const noPayload = z.object({}).passthrough();

export const pruneRateLimitsJob = defineJob({
  name: "platform.prune-rate-limits",
  payload: noPayload,
  timeoutMs: 60_000,
  maxAttempts: 3,
  cron: { everyMs: 10 * 60_000 },
  async run(_payload, { db }) {
    await pruneRateLimitWindows(db);
  },
});

export const pruneJobsJob = defineJob({
  name: "platform.prune-jobs",
  payload: noPayload,
  timeoutMs: 60_000,
  maxAttempts: 3,
  cron: { everyMs: 24 * 3_600_000 },
  async run(_payload, { db }) {
    await db
      .deleteFrom("jobs")
      .where("status", "in", ["completed", "failed"])
      .where("finished_at", "<", sql<Date>`now() - interval '7 days'`)
      .execute();
  },
});

/**
 * Rolls the credit ledger's usage rows up into per-tenant, per-day, per-feature totals for the last
 * `days` days (re-running is harmless: totals are recomputed, not added). The window starts at a UTC
 * midnight whatever the session's TimeZone: a partial first day would overwrite that day's full total.
 */
export const dailyUsageRollupJob = defineJob({
  name: "platform.daily-usage-rollup",
  payload: z.object({ days: z.number().int().min(1).max(366).default(2) }),
  timeoutMs: 10 * 60_000,
  maxAttempts: 5,
  cron: { everyMs: 3_600_000 },
  async run({ days }, { db }) {
    await sql`
      INSERT INTO daily_usage (tenant_id, day, feature, uses, credits)
      SELECT tenant_id, (created_at AT TIME ZONE 'UTC')::date, feature, count(*)::int, -sum(delta)
      FROM credit_ledger
      WHERE delta < 0 AND feature <> ''
        AND created_at >= (((now() AT TIME ZONE 'UTC')::date - ${days - 1}::int)::timestamp AT TIME ZONE 'UTC')
      GROUP BY 1, 2, 3
      ON CONFLICT (tenant_id, day, feature) DO UPDATE SET uses = EXCLUDED.uses, credits = EXCLUDED.credits`.execute(
      db,
    );
  },
});

export const platformJobs = [pruneRateLimitsJob, pruneJobsJob, dailyUsageRollupJob];
