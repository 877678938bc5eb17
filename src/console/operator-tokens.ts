// Console bearer tokens: opaque, 256 random bits, stored as SHA-256 only, valid 12 hours (database clock).
import { sql } from "kysely";
import type { Queryable } from "../platform/db/transaction.js";
import { AppError } from "../platform/errors.js";
import { newToken, sha256Hex } from "../platform/ids.js";
import type { OperatorRole } from "./operator-tables.js";

export const TOKEN_LIFETIME_HOURS = 12;

export interface OperatorContext {
  operatorId: string;
  email: string;
  role: OperatorRole;
  /** The audit actor for everything this operator changes. */
  actor: string;
  totpEnabled: boolean;
  /**
   * What the operator must do before anything else (console-auth.ts lets only the routes that do it through):
   * change an admin-issued temporary password, or enrol TOTP now that it is required for everyone.
   */
  pending: OperatorPending | null;
}

export type OperatorPending = "password_change" | "totp_enrolment";

export async function issueOperatorToken(
  db: Queryable,
  operatorId: string,
): Promise<{ token: string; expires_at: string }> {
  const token = newToken(32);
  const row = await db
    .insertInto("operator_tokens")
    .values({
      token_hash: sha256Hex(token),
      operator_id: operatorId,
      expires_at: sql<Date>`now() + make_interval(hours => ${TOKEN_LIFETIME_HOURS})`,
    })
    .returning("expires_at")
    .executeTakeFirstOrThrow();
  return { token, expires_at: row.expires_at.toISOString() };
}

export async function authenticateOperatorToken(
  db: Queryable,
  token: string | undefined,
): Promise<OperatorContext> {
  if (!token) throw invalidToken();
  const row = await db
    .selectFrom("operator_tokens")
    .innerJoin("operators", "operators.id", "operator_tokens.operator_id")
    .leftJoin("console_settings", (join) => join.onTrue())
    .select([
      "operators.id",
      "operators.email",
      "operators.role",
      "operators.totp_enabled_at",
      "operators.must_change_password",
      "console_settings.require_totp",
    ])
    .where("operator_tokens.token_hash", "=", sha256Hex(token))
    .where("operator_tokens.expires_at", ">", sql<Date>`now()`)
    .where("operators.disabled_at", "is", null)
    .executeTakeFirst();
  if (!row) throw invalidToken();
  const totpEnabled = row.totp_enabled_at !== null;
  const pending: OperatorPending | null = row.must_change_password
    ? "password_change"
    : row.require_totp && !totpEnabled
      ? "totp_enrolment"
      : null;
  return {
    operatorId: row.id,
    email: row.email,
    role: row.role,
    actor: `operator:${row.email}`,
    totpEnabled,
    pending,
  };
}

export async function revokeOperatorToken(db: Queryable, token: string): Promise<void> {
  await db.deleteFrom("operator_tokens").where("token_hash", "=", sha256Hex(token)).execute();
}

/** Expired tokens are useless; deleting them keeps the table small (called on each login). */
export async function pruneExpiredTokens(db: Queryable): Promise<void> {
  await db.deleteFrom("operator_tokens").where("expires_at", "<=", sql<Date>`now()`).execute();
}

export function invalidToken(): AppError {
  return new AppError("invalid_token", { detail: "invalid token", message: "Invalid or expired token." });
}
