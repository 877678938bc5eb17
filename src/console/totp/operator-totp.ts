// An operator's own TOTP enrolment: start (a fresh secret kept pending, its otpauth URI and QR code), then
// confirm with a code from the app, which makes it the operator's second factor. An admin's reset removes it
// (operator-admin.ts), the recovery path for a lost phone.
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { acceptedTotpStep, newTotpSecret, otpauthUri, qrCodeSvg } from "./totp-codes.js";

export interface TotpEnrolment {
  secret: string;
  otpauth_uri: string;
  qr_svg: string;
}

export async function startTotpEnrolment(
  db: Queryable,
  operator: { operatorId: string; email: string },
): Promise<TotpEnrolment> {
  const current = await db
    .selectFrom("operators")
    .select("totp_enabled_at")
    .where("id", "=", operator.operatorId)
    .executeTakeFirstOrThrow();
  if (current.totp_enabled_at !== null) {
    throw new AppError("conflict", {
      detail: "totp_already_enabled",
      message: "Two-factor authentication is already on; an admin can reset it.",
    });
  }
  const secret = newTotpSecret();
  await db
    .updateTable("operators")
    .set({ totp_pending_secret: secret })
    .where("id", "=", operator.operatorId)
    .execute();
  const uri = otpauthUri(operator.email, secret);
  return { secret, otpauth_uri: uri, qr_svg: await qrCodeSvg(uri) };
}

/** A wrong code changes nothing (the pending secret stays, so the operator can try again). */
export async function confirmTotpEnrolment(db: Queryable, operatorId: string, code: string): Promise<void> {
  const row = await db
    .selectFrom("operators")
    .select(["totp_pending_secret", "totp_enabled_at"])
    .where("id", "=", operatorId)
    .executeTakeFirstOrThrow();
  if (row.totp_enabled_at !== null || row.totp_pending_secret === null) {
    throw new AppError("conflict", {
      detail: "totp_not_pending",
      message: "Start the enrolment first.",
    });
  }
  const step = await acceptedTotpStep(row.totp_pending_secret, code, null);
  if (step === null) {
    throw new AppError("validation_failed", {
      field: "code",
      detail: "totp_invalid",
      message: "That code is not right: check the phone's clock and enter the current code.",
    });
  }
  await db
    .updateTable("operators")
    .set({
      totp_secret: sql`totp_pending_secret`,
      totp_pending_secret: null,
      totp_enabled_at: sql`now()`,
      totp_last_step: step,
    })
    .where("id", "=", operatorId)
    .execute();
}

/**
 * Claims the step of a sign-in code: true when the code is right and its step is later than any used before
 * (a conditional update, so two requests racing with one code cannot both win).
 */
export async function claimTotpStep(
  db: Queryable,
  operator: { id: string; totp_secret: string; totp_last_step: string | null },
  code: string,
): Promise<boolean> {
  const last = operator.totp_last_step === null ? null : Number(operator.totp_last_step);
  const step = await acceptedTotpStep(operator.totp_secret, code, last);
  if (step === null) return false;
  const claimed = await db
    .updateTable("operators")
    .set({ totp_last_step: step })
    .where("id", "=", operator.id)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step as never)]))
    .returning("id")
    .executeTakeFirst();
  return claimed !== undefined;
}
