// What an operator changes on their own account: the password (needed after an admin-issued temporary one).
// Other sessions of the operator end with the change; the one making it stays signed in.
import { recordAudit } from "../platform/audit.js";
import { type Queryable, withTransaction } from "../platform/db/transaction.js";
import { AppError } from "../platform/errors.js";
import { sha256Hex } from "../platform/ids.js";
import type { OperatorContext } from "./operator-tokens.js";
import { assertPasswordStrength } from "./operators.js";
import { hashPassword, verifyPassword } from "./passwords.js";

export async function changeOwnPassword(
  db: Queryable,
  operator: OperatorContext,
  input: { current_password: string; new_password: string; keepToken: string },
): Promise<void> {
  const row = await db
    .selectFrom("operators")
    .select("password_hash")
    .where("id", "=", operator.operatorId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(input.current_password, row.password_hash))) {
    throw new AppError("validation_failed", {
      field: "current_password",
      detail: "current_password_wrong",
      message: "The current password is not right.",
    });
  }
  assertPasswordStrength(input.new_password, "new_password");
  if (input.new_password === input.current_password) {
    throw new AppError("validation_failed", {
      field: "new_password",
      message: "Choose a password different from the current one.",
    });
  }
  const hash = await hashPassword(input.new_password);
  await withTransaction(db, async (tx) => {
    await tx
      .updateTable("operators")
      .set({ password_hash: hash, must_change_password: false })
      .where("id", "=", operator.operatorId)
      .execute();
    await tx
      .deleteFrom("operator_tokens")
      .where("operator_id", "=", operator.operatorId)
      .where("token_hash", "!=", sha256Hex(input.keepToken))
      .execute();
    await recordAudit(tx, {
      tenantId: null,
      actor: operator.actor,
      action: "operator.password_change",
      target: operator.operatorId,
    });
  });
}
