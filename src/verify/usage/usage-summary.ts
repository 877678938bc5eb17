// Credits spent by one tenant over the last N UTC days, per day (every day present, zero included) and per
// chargeable feature (the console's usage charts). Debits only; a refund or top-up is not usage.
import { sql } from "kysely";
import { balanceOf } from "../../platform/credits/ledger.js";
import type { Queryable } from "../../platform/db/transaction.js";

export interface UsageSummary {
  balance: string;
  days: number;
  by_day: { day: string; credits: number; entries: number }[];
  by_feature: { feature: string; credits: number; entries: number }[];
}

export async function summarizeUsage(db: Queryable, tenantId: string, days: number): Promise<UsageSummary> {
  // Days are UTC days (design: Time); the window ends today and includes it.
  const start = sql`(((now() AT TIME ZONE 'UTC')::date - ${days - 1}::int)::timestamp AT TIME ZONE 'UTC')`;
  const [balance, perDay, perFeature] = await Promise.all([
    balanceOf(db, tenantId),
    sql<{ day: string; credits: string; entries: number }>`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
             coalesce(round(-sum(l.delta), 4), 0)::text AS credits,
             count(l.id)::int AS entries
      FROM generate_series((now() AT TIME ZONE 'UTC')::date - ${days - 1}::int,
                           (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
      LEFT JOIN credit_ledger l
        ON l.tenant_id = ${tenantId} AND l.delta < 0 AND l.created_at >= ${start}
       AND (l.created_at AT TIME ZONE 'UTC')::date = d.day::date
      GROUP BY d.day ORDER BY d.day`.execute(db),
    sql<{ feature: string; credits: string; entries: number }>`
      SELECT coalesce(nullif(feature, ''), reason) AS feature,
             round(-sum(delta), 4)::text AS credits, count(*)::int AS entries
      FROM credit_ledger
      WHERE tenant_id = ${tenantId} AND delta < 0 AND created_at >= ${start}
      GROUP BY 1 ORDER BY sum(delta), 1`.execute(db),
  ]);
  return {
    balance,
    days,
    by_day: perDay.rows.map((row) => ({ ...row, credits: Number(row.credits) })),
    by_feature: perFeature.rows.map((row) => ({ ...row, credits: Number(row.credits) })),
  };
}
