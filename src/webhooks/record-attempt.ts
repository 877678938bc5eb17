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
  event: PendingDelivery["event"],
  url: string,
  result: SendResult,
): Promise<RecordedAttempt> {
  return withTransaction(db, async (tx) => {
    // Locked, and counted from the row rather than from what was loaded: two runs of the same event (a resend
    // racing a retry) get distinct attempt numbers, and a run that lost the race cannot undo a delivery.
    const current = await tx
      .selectFrom("webhook_events")
      .select(["status", "attempts"])
      .where("id", "=", event.id)
      .forUpdate()
      .executeTakeFirst();
    const attempt = (current?.attempts ?? event.attempts) + 1;
    const next = planNextAttempt(attempt, result);
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
    if (current && current.status !== "pending") {
      // Delivered or failed by another run meanwhile: keep its state, only count this attempt.
      await tx.updateTable("webhook_events").set({ attempts: attempt }).where("id", "=", event.id).execute();
    } else if (current) {
      await tx
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
        .execute();
      if (next.retryAt) await scheduleRetry(tx, event.id, next.retryAt);
    }
    let disabled: EndpointDisabled | null = null;
    if (result.errorClass === null) await noteEndpointSuccess(tx, event.tenantId, url);
    else disabled = await noteEndpointFailure(tx, event.tenantId, url, result.error ?? result.errorClass);
    return { attempt, outcome: next.outcome, retryAt: next.retryAt, disabled };
  });
}
