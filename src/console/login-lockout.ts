// Sign-in lockout (README: Operator console): LOCKOUT_FAILURES wrong passwords in a row lock the email for
// LOCKOUT_MINUTES, counted per email whether or not an operator has it (no account enumeration). A success
// clears the count; the database clock decides, so every API node agrees.
import { sql } from "kysely";
import type { Queryable } from "../platform/db/transaction.js";
import { AppError } from "../platform/errors.js";

export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_MINUTES = 15;

/** Refuses with 429 and Retry-After while the email is locked. */
export async function assertNotLockedOut(db: Queryable, email: string): Promise<void> {
  const row = await db
    .selectFrom("console_login_failures")
    .select(sql<number>`ceil(extract(epoch from locked_until - now()))::int`.as("remaining_seconds"))
    .where("email", "=", email)
    .where("locked_until", ">", sql<Date>`now()`)
    .executeTakeFirst();
  if (row) throw lockedOut(row.remaining_seconds);
}

/** Counts one failure; the LOCKOUT_FAILURES-th locks the email and starts a fresh count. */
export async function recordLoginFailure(db: Queryable, email: string): Promise<void> {
  await sql`
    INSERT INTO console_login_failures AS f (email, failures, locked_until, updated_at)
    VALUES (${email}, 1, NULL, now())
    ON CONFLICT (email) DO UPDATE SET
      failures = CASE WHEN f.failures + 1 >= ${LOCKOUT_FAILURES} THEN 0 ELSE f.failures + 1 END,
      locked_until = CASE WHEN f.failures + 1 >= ${LOCKOUT_FAILURES}
        THEN now() + make_interval(mins => ${LOCKOUT_MINUTES}) ELSE f.locked_until END,
      updated_at = now()
  `.execute(db);
}

export async function clearLoginFailures(db: Queryable, email: string): Promise<void> {
  await db.deleteFrom("console_login_failures").where("email", "=", email).execute();
}

function lockedOut(remainingSeconds: number): AppError {
  return new AppError("rate_limited", {
    detail: "too many failed sign-ins",
    message: `Too many failed sign-ins: try again in ${Math.ceil(remainingSeconds / 60)} minutes.`,
    headers: { "Retry-After": String(Math.max(1, remainingSeconds)) },
  });
}
