// Console login: one generic 401 for a wrong password, an unknown email and a disabled operator (no user
// enumeration), with the same scrypt cost on every path; attempts per email are rate-limited, and repeated
// wrong passwords lock the email for a while (login-lockout.ts). An operator with TOTP must also send the code
// from the authenticator app: without one the answer is 401 `totp_required` (the page then asks for it), and a
// wrong or replayed code counts towards the lockout like a wrong password.

import type { RateBucket } from "../config.js";
import { recordAudit } from "../platform/audit.js";
import { withTransaction } from "../platform/db/transaction.js";
import { AppError } from "../platform/errors.js";
import { sha256Hex } from "../platform/ids.js";
import type { Services } from "../services.js";
import { assertNotLockedOut, clearLoginFailures, recordLoginFailure } from "./login-lockout.js";
import { issueOperatorToken, pruneExpiredTokens } from "./operator-tokens.js";
import { normalizeEmail } from "./operators.js";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "./passwords.js";
import { claimTotpStep } from "./totp/operator-totp.js";

export const LOGIN_ATTEMPTS_PER_MINUTE = 10;
// The limiter keys counters by a tenant uuid; a login's key is a uuid derived from the email instead, in a
// bucket of its own (it is never configured, so it is not among the tenant RateBuckets).
const LOGIN_BUCKET = "console_login" as RateBucket;

export async function loginOperator(
  services: Services,
  input: { email: string; password: string; totp_code?: string },
): Promise<{ token: string; expires_at: string }> {
  const email = normalizeEmail(input.email);
  const decision = await services.rateLimiter.hit(loginKey(email), LOGIN_BUCKET, LOGIN_ATTEMPTS_PER_MINUTE);
  if (!decision.allowed) {
    throw new AppError("rate_limited", {
      detail: "Request was throttled.",
      headers: { "Retry-After": String(decision.retryAfterSeconds) },
    });
  }
  await assertNotLockedOut(services.db, email);
  const operator = await services.db
    .selectFrom("operators")
    .select(["id", "password_hash", "disabled_at", "totp_secret", "totp_last_step"])
    .where("email", "=", email)
    .executeTakeFirst();
  const matches = await verifyPassword(input.password, operator?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!operator || !matches || operator.disabled_at !== null) {
    await recordLoginFailure(services.db, email);
    throw new AppError("invalid_token", { detail: "invalid credentials", message: "Invalid credentials." });
  }
  if (operator.totp_secret !== null) {
    await checkSecondFactor(services, email, { ...operator, totp_secret: operator.totp_secret }, input);
  }
  await clearLoginFailures(services.db, email);
  await pruneExpiredTokens(services.db);
  return withTransaction(services.db, async (tx) => {
    const issued = await issueOperatorToken(tx, operator.id);
    await tx
      .updateTable("operators")
      .set({ last_sign_in_at: new Date() })
      .where("id", "=", operator.id)
      .execute();
    await recordAudit(tx, {
      tenantId: null,
      actor: `operator:${email}`,
      action: "operator.login",
      target: operator.id,
    });
    return issued;
  });
}

async function checkSecondFactor(
  services: Services,
  email: string,
  operator: { id: string; totp_secret: string; totp_last_step: string | null },
  input: { totp_code?: string },
): Promise<void> {
  if (!input.totp_code) {
    throw new AppError("invalid_token", {
      detail: "totp_required",
      message: "Enter the code from your authenticator app.",
    });
  }
  if (await claimTotpStep(services.db, operator, input.totp_code)) return;
  await withTransaction(services.db, async (tx) => {
    await recordLoginFailure(tx, email);
    await recordAudit(tx, {
      tenantId: null,
      actor: `operator:${email}`,
      action: "operator.totp_failed",
      target: operator.id,
    });
  });
  throw new AppError("invalid_token", {
    detail: "totp_invalid",
    message: "Wrong or already used authentication code.",
  });
}

function loginKey(email: string): string {
  const hex = sha256Hex(`console-login:${email}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
