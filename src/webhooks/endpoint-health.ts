// A tenant's endpoint is disabled after a long run of failures (style: Svix's worker disables an endpoint
// that has failed for days). The rule: no successful attempt for 5 days since the first failure of the
// current streak, and at least 10 failed attempts in that streak.
//
// Why time, not a count alone: a count punishes volume — a tenant sending 10,000 events an hour would pass any
// useful N within minutes of a short outage, while a tenant sending one a day would take weeks. Five days is
// more than four times the whole retry schedule (about 27.6 h), so by then every event of several days has
// used up its retries and nothing is reaching the receiver; meanwhile each attempt to a dead receiver can hold
// a worker slot for the 15 s timeout, delaying every other tenant's webhooks. The minimum of 10 attempts (more
// than one event's 8) makes the decision rest on at least two events' worth of evidence.
import { sql } from "kysely";
import { recordAudit } from "../platform/audit.js";
import type { Queryable } from "../platform/db/transaction.js";

export const DISABLE_AFTER = {
  failingForMs: 5 * 24 * 3_600_000,
  minConsecutiveFailures: 10,
};

export interface EndpointDisabled {
  tenantId: string;
  url: string;
  failingSince: Date;
  consecutiveFailures: number;
  reason: string;
}

/** Records a successful attempt: the failure streak ends. */
export async function noteEndpointSuccess(tx: Queryable, tenantId: string, url: string): Promise<void> {
  await sql`
    INSERT INTO webhook_endpoint_health AS h (tenant_id, url, last_success_at, updated_at)
    VALUES (${tenantId}, ${url}, now(), now())
    ON CONFLICT (tenant_id) DO UPDATE SET
      url = EXCLUDED.url, failing_since = NULL, consecutive_failures = 0,
      last_success_at = now(), updated_at = now()`.execute(tx);
}

/**
 * Records a failed attempt and disables the endpoint when the rule above is met. Returns what was disabled
 * (once, by the attempt that crossed the line) so the caller can log it; the audit row is written here, in
 * the transaction that records the attempt.
 */
export async function noteEndpointFailure(
  tx: Queryable,
  tenantId: string,
  url: string,
  lastError: string,
): Promise<EndpointDisabled | null> {
  // A streak belongs to one URL: after `kyc webhook set` the new destination starts from zero.
  const streak = await sql<{ failing_since: Date; consecutive_failures: number; due: boolean }>`
    INSERT INTO webhook_endpoint_health AS h
      (tenant_id, url, failing_since, consecutive_failures, last_failure_at, updated_at)
    VALUES (${tenantId}, ${url}, now(), 1, now(), now())
    ON CONFLICT (tenant_id) DO UPDATE SET
      failing_since = CASE WHEN h.failing_since IS NOT NULL AND h.url IS NOT DISTINCT FROM EXCLUDED.url
        THEN h.failing_since ELSE now() END,
      consecutive_failures = CASE WHEN h.failing_since IS NOT NULL AND h.url IS NOT DISTINCT FROM EXCLUDED.url
        THEN h.consecutive_failures + 1 ELSE 1 END,
      url = EXCLUDED.url, last_failure_at = now(), updated_at = now()
    RETURNING failing_since, consecutive_failures,
      (disabled_at IS NULL
        AND failing_since <= now() - ${`${DISABLE_AFTER.failingForMs} milliseconds`}::interval
        AND consecutive_failures >= ${DISABLE_AFTER.minConsecutiveFailures}) AS due`.execute(tx);
  const row = streak.rows[0]!;
  if (!row.due) return null;
  const failingSince = new Date(row.failing_since);
  const reason =
    `No successful delivery since ${failingSince.toISOString()}: ` +
    `${row.consecutive_failures} consecutive failed attempts; last error: ${lastError}`;
  // The upsert above holds the row lock until commit, so only one attempt can see `due` and disable.
  await tx
    .updateTable("webhook_endpoint_health")
    .set({ disabled_at: sql`now()`, disabled_reason: reason, updated_at: sql`now()` })
    .where("tenant_id", "=", tenantId)
    .execute();
  await recordAudit(tx, {
    tenantId,
    actor: "system",
    action: "webhook.endpoint_disabled",
    target: tenantId,
    data: {
      url,
      failing_since: failingSince.toISOString(),
      consecutive_failures: row.consecutive_failures,
      reason,
    },
  });
  return { tenantId, url, failingSince, consecutiveFailures: row.consecutive_failures, reason };
}
