// Console operators: created from the CLI (`kyc operator create`), logging in with email and password.
import { recordAudit } from "../platform/audit.js";
import { type Queryable, withTransaction } from "../platform/db/transaction.js";
import { AppError } from "../platform/errors.js";
import type { OperatorRole } from "./operator-tables.js";
import { hashPassword } from "./passwords.js";

export const OPERATOR_ROLES: readonly OperatorRole[] = ["admin", "reviewer"];
const MIN_PASSWORD_LENGTH = 10;

export interface CreateOperatorInput {
  email: string;
  password: string;
  role?: string;
  /** An admin-issued temporary password: the operator must choose their own at the first sign-in. */
  mustChangePassword?: boolean;
}

export interface CreatedOperator {
  operator_id: string;
  email: string;
  role: OperatorRole;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function assertPasswordStrength(password: string, field = "password"): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError("validation_failed", {
      field,
      message: `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`,
    });
  }
}

export async function createOperator(
  db: Queryable,
  input: CreateOperatorInput,
  actor = "operator",
): Promise<CreatedOperator> {
  const email = normalizeEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new AppError("validation_failed", { field: "email", message: "Use --email with an address." });
  }
  assertPasswordStrength(input.password);
  const role = (input.role ?? "admin") as OperatorRole;
  if (!OPERATOR_ROLES.includes(role)) {
    throw new AppError("validation_failed", { field: "role", message: "role must be admin or reviewer." });
  }
  const passwordHash = await hashPassword(input.password);
  return withTransaction(db, async (tx) => {
    const row = await tx
      .insertInto("operators")
      .values({
        email,
        password_hash: passwordHash,
        role,
        must_change_password: input.mustChangePassword ?? false,
      })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) throw new AppError("conflict", { message: `An operator ${email} exists already.` });
    await recordAudit(tx, {
      tenantId: null,
      actor,
      action: "operator.create",
      target: row.id,
      data: { email, role },
    });
    return { operator_id: row.id, email, role };
  });
}
