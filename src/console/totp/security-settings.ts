// The console's service-wide security setting (migrations/0022): whether every operator must use TOTP.
// Operators without it are then signed in only far enough to enrol (console-auth.ts).
import type { Queryable } from "../../platform/db/transaction.js";

export async function isTotpRequired(db: Queryable): Promise<boolean> {
  const row = await db.selectFrom("console_settings").select("require_totp").executeTakeFirst();
  return row?.require_totp ?? false;
}

export async function setTotpRequired(db: Queryable, required: boolean): Promise<void> {
  await db
    .updateTable("console_settings")
    .set({ require_totp: required, updated_at: new Date() })
    .where("id", "=", true)
    .execute();
}
