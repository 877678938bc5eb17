// The life of a one-time code (design: OTP steps), on the database clock: reserve (throttles checked under
// the session's row lock, the hashed code stored), deliver (outside any transaction), confirm or discard,
// then check — one atomic UPDATE counts the attempt, so two racing verifies are two attempts and the cap holds.
import { sql } from "kysely";
import type { Queryable, Tx } from "../../platform/db/transaction.js";
import { withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import type { ContactChannel } from "./contact-tables.js";
import { codeMatches, hashCode, newCode } from "./otp-code.js";

export const CODE_TTL_SECONDS = 600;
export const MAX_ATTEMPTS = 5;
export const RESEND_AFTER_SECONDS = 30;
export const SENDS_PER_HOUR = 5;

export interface CodeScope {
  tenantId: string;
  sessionId: string;
  nodeId: string;
}

export interface ReservedCode {
  id: string;
  code: string;
}

/** Checks the resend delay and the hourly cap, then stores a new (not yet delivered) code. */
export async function reserveCode(
  db: Queryable,
  scope: CodeScope,
  channel: ContactChannel,
  destination: string,
): Promise<ReservedCode> {
  return withTransaction(db, async (tx) => {
    // Serialises sends of one session, so two racing sends cannot both pass the throttles.
    await tx.selectFrom("sessions").select("id").where("id", "=", scope.sessionId).forUpdate().execute();
    const throttle = await sql<{
      resend_wait: number | null;
      sent_last_hour: number;
      window_wait: number | null;
    }>`
      SELECT
        (SELECT ceil(extract(epoch FROM max(sent_at) + make_interval(secs => ${RESEND_AFTER_SECONDS}) - now()))
           FROM contact_codes WHERE session_id = ${scope.sessionId} AND node_id = ${scope.nodeId})::int AS resend_wait,
        (SELECT count(*) FROM contact_codes
           WHERE session_id = ${scope.sessionId} AND sent_at > now() - interval '1 hour')::int AS sent_last_hour,
        (SELECT ceil(extract(epoch FROM min(sent_at) + interval '1 hour' - now())) FROM contact_codes
           WHERE session_id = ${scope.sessionId} AND sent_at > now() - interval '1 hour')::int AS window_wait
    `.execute(tx);
    const { resend_wait, sent_last_hour, window_wait } = throttle.rows[0]!;
    if (sent_last_hour >= SENDS_PER_HOUR) {
      throw throttled("send_limit_reached", window_wait ?? 3600, "At most 5 codes are sent per hour.");
    }
    if (resend_wait !== null && resend_wait > 0) {
      throw throttled("resend_too_soon", resend_wait, "Wait before asking for another code.");
    }
    const code = newCode();
    const row = await tx
      .insertInto("contact_codes")
      .values({
        tenant_id: scope.tenantId,
        session_id: scope.sessionId,
        node_id: scope.nodeId,
        channel,
        destination,
        ...hashCode(code),
        expires_at: sql<Date>`now() + make_interval(secs => ${CODE_TTL_SECONDS})`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: row.id, code };
  });
}

function throttled(detail: string, seconds: number, message: string): AppError {
  const wait = Math.max(1, seconds);
  return new AppError("rate_limited", {
    detail,
    message,
    headers: { "Retry-After": String(wait) },
    extra: { retry_after: wait },
  });
}

/** The provider refused: the reservation is removed, so nothing of the failed send remains or counts. */
export async function discardCode(db: Queryable, id: string): Promise<void> {
  await db.deleteFrom("contact_codes").where("id", "=", id).where("delivered_at", "is", null).execute();
}

/** In the transaction that records the send: this code is the node's live one, earlier ones are dead. */
export async function confirmDelivery(tx: Tx, scope: CodeScope, id: string): Promise<void> {
  await tx.updateTable("contact_codes").set({ delivered_at: sql`now()` }).where("id", "=", id).execute();
  await tx
    .updateTable("contact_codes")
    .set({ superseded_at: sql`now()` })
    .where("session_id", "=", scope.sessionId)
    .where("node_id", "=", scope.nodeId)
    .where("id", "!=", id)
    .where("superseded_at", "is", null)
    .where("verified_at", "is", null)
    .execute();
}

export type CheckResult = { ok: true; id: string } | { ok: false; error: AppError };

/**
 * Counts one attempt against the node's live code and compares. Never throws for a wrong code: the counted
 * attempt must commit, so the caller raises the returned error after.
 */
export async function checkCode(db: Queryable, scope: CodeScope, code: string): Promise<CheckResult> {
  const counted = await db
    .updateTable("contact_codes")
    .set({ attempts: sql`attempts + 1` })
    .where("id", "=", (eb) =>
      eb
        .selectFrom("contact_codes as live")
        .select("live.id")
        .where("live.session_id", "=", scope.sessionId)
        .where("live.node_id", "=", scope.nodeId)
        .where("live.delivered_at", "is not", null)
        .where("live.superseded_at", "is", null)
        .orderBy("live.sent_at", "desc")
        .limit(1),
    )
    .where("attempts", "<", MAX_ATTEMPTS)
    .where("expires_at", ">", sql<Date>`now()`)
    .where("verified_at", "is", null)
    .returning(["id", "code_hash", "salt", "attempts"])
    .executeTakeFirst();
  if (!counted) return { ok: false, error: await whyNoAttempt(db, scope) };
  if (codeMatches(code, counted)) return { ok: true, id: counted.id };
  const left = MAX_ATTEMPTS - counted.attempts;
  if (left <= 0) return { ok: false, error: tooManyAttempts() };
  return {
    ok: false,
    error: new AppError("unprocessable", {
      detail: "invalid_code",
      message: "The code is not right; check it and try again.",
      extra: { attempts_left: left },
    }),
  };
}

async function whyNoAttempt(db: Queryable, scope: CodeScope): Promise<AppError> {
  const latest = await latestCode(db, scope);
  if (!latest) {
    return new AppError("conflict", {
      detail: "code_not_sent",
      message: "Ask for a code first (action send).",
    });
  }
  if (latest.attempts >= MAX_ATTEMPTS) return tooManyAttempts();
  return new AppError("unprocessable", {
    detail: "code_expired",
    message: "The code has expired; ask for a new one.",
  });
}

function tooManyAttempts(): AppError {
  return new AppError("unprocessable", {
    detail: "too_many_attempts",
    message: "Too many wrong codes; ask for a new one.",
    extra: { attempts_left: 0 },
  });
}

/** Marks the checked code used, in the transaction that completes the step; false when a racing verify won. */
export async function markVerified(tx: Tx, id: string): Promise<boolean> {
  const row = await tx
    .updateTable("contact_codes")
    .set({ verified_at: sql`now()` })
    .where("id", "=", id)
    .where("verified_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends every outstanding code of the node (the applicant moved on without verifying). */
export async function retireCodes(tx: Tx, scope: CodeScope): Promise<void> {
  await tx
    .updateTable("contact_codes")
    .set({ superseded_at: sql`now()` })
    .where("session_id", "=", scope.sessionId)
    .where("node_id", "=", scope.nodeId)
    .where("superseded_at", "is", null)
    .where("verified_at", "is", null)
    .execute();
}

export interface CodeStatus {
  destination: string;
  sent_at: Date;
  expires_at: Date;
  attempts: number;
  verified_at: Date | null;
  expired: boolean;
  /** Seconds until a resend is allowed (0 = now). */
  resend_wait: number;
  /** Seconds the code stays valid (0 once expired). */
  expires_in: number;
}

/** The node's live (delivered, not superseded) code, as the page and the decision see it. */
export async function latestCode(db: Queryable, scope: CodeScope): Promise<CodeStatus | null> {
  const row = await db
    .selectFrom("contact_codes")
    .select([
      "destination",
      "sent_at",
      "expires_at",
      "attempts",
      "verified_at",
      sql<boolean>`expires_at <= now()`.as("expired"),
      sql<number>`greatest(0, ceil(extract(epoch FROM sent_at + make_interval(secs => ${RESEND_AFTER_SECONDS}) - now())))::int`.as(
        "resend_wait",
      ),
      sql<number>`greatest(0, ceil(extract(epoch FROM expires_at - now())))::int`.as("expires_in"),
    ])
    .where("session_id", "=", scope.sessionId)
    .where("node_id", "=", scope.nodeId)
    .where("delivered_at", "is not", null)
    .where("superseded_at", "is", null)
    .orderBy("sent_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** Codes sent to this session in the last hour (the hourly cap is per session, across its nodes). */
export async function sendsLastHour(db: Queryable, sessionId: string): Promise<number> {
  const row = await db
    .selectFrom("contact_codes")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("session_id", "=", sessionId)
    .where("sent_at", ">", sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Attempts over every code of the node (what the decision reports). */
export async function totalAttempts(db: Queryable, scope: CodeScope): Promise<number> {
  const row = await db
    .selectFrom("contact_codes")
    .select(sql<number>`coalesce(sum(attempts), 0)::int`.as("n"))
    .where("session_id", "=", scope.sessionId)
    .where("node_id", "=", scope.nodeId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export interface CodeSummary {
  destination: string | null;
  sent_at: string | null;
  verified_at: string | null;
  attempts: number;
}

/** For the decision: the verified code if any, else the latest sent, and the attempts over all of them. */
export async function codeSummary(db: Queryable, scope: CodeScope): Promise<CodeSummary> {
  const row = await db
    .selectFrom("contact_codes")
    .select(["destination", "sent_at", "verified_at"])
    .where("session_id", "=", scope.sessionId)
    .where("node_id", "=", scope.nodeId)
    .where("delivered_at", "is not", null)
    .orderBy(sql`verified_at IS NULL`)
    .orderBy("sent_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return {
    destination: row?.destination ?? null,
    sent_at: row ? new Date(row.sent_at).toISOString() : null,
    verified_at: row?.verified_at ? new Date(row.verified_at).toISOString() : null,
    attempts: await totalAttempts(db, scope),
  };
}
