// Credits are exact decimals; a debit commits in the same transaction as the action it pays for (design: Money).
import { sql } from "kysely";
import type { LedgerReason } from "../db/schema.js";
import type { Queryable } from "../db/transaction.js";
import { AppError } from "../errors.js";
import { DECIMAL_PATTERN, normalizeDecimal, rateFor } from "./rates.js";

export interface DebitInput {
  tenantId: string;
  feature: string;
  reason: LedgerReason;
  sessionId?: string;
  applicationId?: string;
  workflowId?: string | null;
  /** Charge this amount instead of the rate-card price. */
  amount?: string;
}

export interface DebitResult {
  charged: string;
  balance: string;
  ledgerId: string | null;
}

/**
 * Takes the feature's rate from the tenant's balance. Call inside the transaction of the action it pays for.
 * A balance that cannot cover the rate throws 402 insufficient_credits and changes nothing.
 */
export async function debit(tx: Queryable, input: DebitInput): Promise<DebitResult> {
  const amount = input.amount ?? (await rateFor(tx, input.tenantId, input.feature));
  // One statement: the balance update and its ledger row (none for a free feature). The tenant's row
  // stays locked until the transaction commits, so callers debit last, after their other writes.
  const row = await tx
    .with("updated", (db) =>
      db
        .updateTable("tenants")
        .set({ credit_balance: sql`credit_balance - ${amount}::numeric` })
        .where("id", "=", input.tenantId)
        .where("credit_balance", ">=", sql<string>`${amount}::numeric`)
        .returning("credit_balance"),
    )
    .with("entry", (db) =>
      db
        .insertInto("credit_ledger")
        .columns(["tenant_id", "delta", "reason", "feature", "session_id", "application_id", "workflow_id"])
        .expression((eb) =>
          eb
            .selectFrom("updated")
            .select([
              sql<string>`${input.tenantId}::uuid`.as("tenant_id"),
              sql<string>`${`-${amount}`}::numeric`.as("delta"),
              sql<string>`${input.reason}`.as("reason"),
              sql<string>`${input.feature}`.as("feature"),
              sql<string>`${input.sessionId ?? ""}`.as("session_id"),
              sql<string>`${input.applicationId ?? ""}`.as("application_id"),
              sql<string | null>`${input.workflowId ?? null}::uuid`.as("workflow_id"),
            ])
            .where(sql<boolean>`${Number(amount) !== 0}`),
        )
        .returning("id"),
    )
    .selectFrom("updated")
    .leftJoin("entry", (join) => join.onTrue())
    .select(["updated.credit_balance", "entry.id"])
    .executeTakeFirst();
  if (!row) throw new AppError("insufficient_credits");
  if (Number(amount) === 0)
    return { charged: "0", balance: normalizeDecimal(row.credit_balance), ledgerId: null };
  return {
    charged: normalizeDecimal(amount),
    balance: normalizeDecimal(row.credit_balance),
    ledgerId: row.id,
  };
}

/** 402 early, before expensive work, when the balance cannot cover the feature's rate. */
export async function requireCreditFor(db: Queryable, tenantId: string, feature: string): Promise<void> {
  const amount = await rateFor(db, tenantId, feature);
  const row = await db
    .selectFrom("tenants")
    .select("id")
    .where("id", "=", tenantId)
    .where("credit_balance", ">=", sql<string>`${amount}::numeric`)
    .executeTakeFirst();
  if (!row) throw new AppError("insufficient_credits");
}

export async function topUp(tx: Queryable, tenantId: string, amount: string, note = ""): Promise<string> {
  if (!DECIMAL_PATTERN.test(amount) || Number(amount) <= 0) {
    throw new AppError("validation_failed", {
      field: "amount",
      message: "Amount must be a positive decimal.",
    });
  }
  const updated = await tx
    .updateTable("tenants")
    .set({ credit_balance: sql`credit_balance + ${amount}::numeric` })
    .where("id", "=", tenantId)
    .returning("credit_balance")
    .executeTakeFirst();
  if (!updated) throw new AppError("not_found", { message: "No such tenant." });
  await tx
    .insertInto("credit_ledger")
    .values({ tenant_id: tenantId, delta: amount, reason: "topup", note })
    .execute();
  return normalizeDecimal(updated.credit_balance);
}

export async function balanceOf(db: Queryable, tenantId: string): Promise<string> {
  const row = await db
    .selectFrom("tenants")
    .select("credit_balance")
    .where("id", "=", tenantId)
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", { message: "No such tenant." });
  return normalizeDecimal(row.credit_balance);
}
