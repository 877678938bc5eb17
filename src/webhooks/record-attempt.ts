// Phase 4 of a delivery: one webhook_attempts row per try, the event's new state, the endpoint's failure streak
// and the next attempt's job — all in one transaction, so an attempt is never recorded without its retry being
// scheduled, or the reverse. The send happened before this transaction began: a crash in between loses the
// record, not the event (it is still pending and its job runs again: at worst a duplicate delivery with the
// same X-Webhook-Id, which receivers dedupe on).
import { sql } from "kysely";
import { type Queryable, withTransaction } from "../platform/db/transaction.js";
import { type EndpointDisabled, noteEndpointFailure, noteEndpointSuccess } from "./endpoint-health.js";
import type { PendingDelivery } from "./load-delivery.js";
import { type AttemptOutcome, planNextAttempt, scheduleRetry } from "./retry-schedule.js";
import type { SendResult } from "./send-delivery.js";

export interface RecordedAttempt {
  attempt: number;
  outcome: AttemptOutcome;
  retryAt: Date | null;
  /** Set when this attempt's failure disabled the endpoint. */
  disabled: EndpointDisabled | null;
}

const EXCERPT_LIMIT = 1_000;

export async function recordAttempt(
  db: Queryable,
  delivery: PendingDelivery,
  url: string,
  result: SendResult,
): Promise<RecordedAttempt> {
  const { event, endpoint } = delivery;
  return withTransaction(db, async (tx) => {
    let attempt = event.attempts + 1;
    let next = planNextAttempt(attempt, result);
    // Applied only if nobody touched the event since it was loaded (optimistic, one statement on the common
    // path); the row lock it takes holds until commit.
    const applied = await tx
      .updateTable("webhook_events")
      .set({
        attempts: attempt,
        status: next.outcome === "retrying" ? "pending" : next.outcome,
        last_error: result.error,
        next_attempt_at: next.retryAt,
        delivered_at: next.outcome === "delivered" ? sql`now()` : null,
        target_url: url,
      })
      .where("id", "=", event.id)
      .where("status", "=", "pending")
      .where("attempts", "=", event.attempts)
      .returning("id")
      .executeTakeFirst();
    if (applied) {
      if (next.retryAt) await scheduleRetry(tx, event.id, next.retryAt);
    } else {
      // Another run got there first (a resend racing a retry, a second copy of the job): it owns the event's
      // state and its schedule; this attempt is only counted, after the others, so numbers stay distinct and a
      // late failure cannot undo a delivery.
      const counted = await tx
        .updateTable("webhook_events")
        .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
        .where("id", "=", event.id)
        .returning("attempts")
        .executeTakeFirst();
      attempt = counted?.attempts ?? attempt;
      next = { outcome: next.outcome, retryAt: null };
    }
    await tx
      .insertInto("webhook_attempts")
      .values({
        event_id: event.id,
        tenant_id: event.tenantId,
        attempt,
        url,
        status_code: result.statusCode,
        error: result.error,
        error_class: result.errorClass,
        response_excerpt: result.responseExcerpt?.slice(0, EXCERPT_LIMIT) ?? null,
        duration_ms: result.durationMs,
      })
      .execute();
    let disabled: EndpointDisabled | null = null;
    if (result.errorClass !== null)
      disabled = await noteEndpointFailure(tx, event.tenantId, url, result.error ?? result.errorClass);
    // A healthy endpoint's row is rewritten at most once a minute: steady traffic costs no extra statement.
    else if (!endpoint.recentlyHealthy) await noteEndpointSuccess(tx, event.tenantId, url);
    return { attempt, outcome: next.outcome, retryAt: next.retryAt, disabled };
  });
}
