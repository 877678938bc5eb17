// Admins manage operators from the console (issue 19): list, invite with a role (a temporary password shown
// once, changed at first sign-in), change role, deactivate and reactivate, reset the password or the TOTP
// second factor (the recovery path for a lost phone). Each change ends the operator's sessions where it
// matters and writes its audit row in the same transaction. The console never loses its last active admin.
import { sql } from "kysely";
import { recordAudit } from "../platform/audit.js";
import { type Queryable, type Tx, withTransaction } from "../platform/db/transaction.js";
import { AppError } from "../platform/errors.js";
import { isUuid, newToken } from "../platform/ids.js";
import type { OperatorRole } from "./operator-tables.js";
import type { OperatorContext } from "./operator-tokens.js";
import { createOperator, normalizeEmail, OPERATOR_ROLES } from "./operators.js";
import { hashPassword } from "./passwords.js";

export interface OperatorSummary {
  operator_id: string;
  email: string;
  role: OperatorRole;
  active: boolean;
  totp_enabled: boolean;
  must_change_password: boolean;
  created_at: string;
  last_sign_in_at: string | null;
  disabled_at: string | null;
}

export async function listOperators(db: Queryable): Promise<OperatorSummary[]> {
  const rows = await db
    .selectFrom("operators")
    .select([
      "id",
      "email",
      "role",
      "totp_enabled_at",
      "must_change_password",
      "created_at",
      "last_sign_in_at",
      "disabled_at",
    ])
    .orderBy("email")
    .execute();
  return rows.map((row) => ({
    operator_id: row.id,
    email: row.email,
    role: row.role,
    active: row.disabled_at === null,
    totp_enabled: row.totp_enabled_at !== null,
    must_change_password: row.must_change_password,
    created_at: row.created_at.toISOString(),
    last_sign_in_at: row.last_sign_in_at?.toISOString() ?? null,
    disabled_at: row.disabled_at?.toISOString() ?? null,
  }));
}

/** 18 random bytes: a 24-character temporary password, shown once. */
function temporaryPassword(): string {
  return newToken(18);
}

export async function inviteOperator(
  db: Queryable,
  input: { email: string; role: string },
  actor: OperatorContext,
): Promise<{ operator_id: string; email: string; role: OperatorRole; temporary_password: string }> {
  const password = temporaryPassword();
  const created = await createOperator(
    db,
    { email: input.email, password, role: input.role, mustChangePassword: true },
    actor.actor,
  );
  return { ...created, temporary_password: password };
}

async function lockOperator(tx: Tx, operatorId: string) {
  if (!isUuid(operatorId)) throw operatorNotFound();
  const row = await tx
    .selectFrom("operators")
    .select(["id", "email", "role", "disabled_at"])
    .where("id", "=", operatorId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw operatorNotFound();
  return row;
}

/** Refuses a change that would leave no active admin (the rows are locked so two admins cannot race). */
async function assertAnotherActiveAdmin(tx: Tx, operatorId: string): Promise<void> {
  const others = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (
      SELECT id FROM operators WHERE role = 'admin' AND disabled_at IS NULL AND id <> ${operatorId} FOR UPDATE
    ) admins`.execute(tx);
  if ((others.rows[0]?.n ?? 0) === 0) {
    throw new AppError("conflict", {
      detail: "last_admin",
      message: "This is the last active admin: make another operator admin first.",
    });
  }
}

export async function setOperatorRole(
  db: Queryable,
  operatorId: string,
  role: string,
  actor: OperatorContext,
): Promise<void> {
  if (!OPERATOR_ROLES.includes(role as OperatorRole)) {
    throw new AppError("validation_failed", { field: "role", message: "role must be admin or reviewer." });
  }
  await withTransaction(db, async (tx) => {
    const row = await lockOperator(tx, operatorId);
    if (row.role === role) return;
    if (row.role === "admin" && row.disabled_at === null) await assertAnotherActiveAdmin(tx, row.id);
    await tx
      .updateTable("operators")
      .set({ role: role as OperatorRole })
      .where("id", "=", row.id)
      .execute();
    await recordAudit(tx, {
      tenantId: null,
      actor: actor.actor,
      action: "operator.role_change",
      target: row.id,
      data: { email: row.email, from: row.role, to: role },
    });
  });
}

/** Deactivating ends every session of the operator at once; reactivating lets them sign in again. */
export async function setOperatorActive(
  db: Queryable,
  operatorId: string,
  active: boolean,
  actor: Pick<OperatorContext, "actor">,
): Promise<void> {
  await withTransaction(db, async (tx) => {
    const row = await lockOperator(tx, operatorId);
    if ((row.disabled_at === null) === active) return;
    if (!active && row.role === "admin") await assertAnotherActiveAdmin(tx, row.id);
    await tx
      .updateTable("operators")
      .set({ disabled_at: active ? null : new Date() })
      .where("id", "=", row.id)
      .execute();
    if (!active) await tx.deleteFrom("operator_tokens").where("operator_id", "=", row.id).execute();
    await recordAudit(tx, {
      tenantId: null,
      actor: actor.actor,
      action: active ? "operator.enable" : "operator.disable",
      target: row.id,
      data: { email: row.email },
    });
  });
}

/** `kyc operator disable --email E`: the console's deactivation, found by email (404 when none is active). */
export async function disableOperator(db: Queryable, email: string, actor = "operator"): Promise<void> {
  const row = await db
    .selectFrom("operators")
    .select("id")
    .where("email", "=", normalizeEmail(email))
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", { message: "No such active operator." });
  await setOperatorActive(db, row.id, false, { actor });
}

/** A new temporary password (shown once), changed at the next sign-in; the operator's sessions end. */
export async function resetOperatorPassword(
  db: Queryable,
  operatorId: string,
  actor: OperatorContext,
): Promise<{ temporary_password: string }> {
  const password = temporaryPassword();
  const hash = await hashPassword(password);
  await withTransaction(db, async (tx) => {
    const row = await lockOperator(tx, operatorId);
    await tx
      .updateTable("operators")
      .set({ password_hash: hash, must_change_password: true })
      .where("id", "=", row.id)
      .execute();
    await tx.deleteFrom("operator_tokens").where("operator_id", "=", row.id).execute();
    await recordAudit(tx, {
      tenantId: null,
      actor: actor.actor,
      action: "operator.password_reset",
      target: row.id,
      data: { email: row.email },
    });
  });
  return { temporary_password: password };
}

/**
 * Removes the operator's TOTP factor (lost phone): they sign in with the password alone and, when TOTP is
 * required for everyone, must enrol again before anything else. Their sessions end.
 */
export async function resetOperatorTotp(db: Queryable, operatorId: string, actor: string) {
  await withTransaction(db, async (tx) => {
    const row = await lockOperator(tx, operatorId);
    await tx
      .updateTable("operators")
      .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
      .where("id", "=", row.id)
      .execute();
    await tx.deleteFrom("operator_tokens").where("operator_id", "=", row.id).execute();
    await recordAudit(tx, {
      tenantId: null,
      actor,
      action: "operator.totp_reset",
      target: row.id,
      data: { email: row.email },
    });
  });
}

/** `kyc operator reset-totp --email E`: the recovery path when no admin can sign in to do it. */
export async function resetOperatorTotpByEmail(
  db: Queryable,
  email: string,
  actor = "operator",
): Promise<void> {
  const row = await db
    .selectFrom("operators")
    .select("id")
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  if (!row) throw operatorNotFound();
  await resetOperatorTotp(db, row.id, actor);
}

function operatorNotFound(): AppError {
  return new AppError("not_found", { detail: "operator_not_found", message: "No such operator." });
}
