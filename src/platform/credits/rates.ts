// Rate card: a per-tenant override wins over the global rate, which wins over the built-in default.
import type { Queryable } from "../db/transaction.js";
import { AppError } from "../errors.js";
import { DEFAULT_RATES, isKnownFeature } from "../features.js";

export const DECIMAL_PATTERN = /^\d{1,12}(\.\d{1,6})?$/;

export async function rateFor(db: Queryable, tenantId: string, feature: string): Promise<string> {
  return rateOrDefault(await explicitRateFor(db, tenantId, feature), feature);
}

/** rateFor's answer from the explicit rate already read (explicitRateQuery): the default when none is set. */
export function rateOrDefault(explicit: string | null, feature: string): string {
  return explicit !== null ? normalizeDecimal(explicit) : (DEFAULT_RATES[feature] ?? "0");
}

/**
 * The rate set in the database for this feature (tenant override first, then global), as a one-column
 * query: run it (explicitRateFor) or embed it as a scalar subquery in another read.
 */
export function explicitRateQuery(db: Queryable, tenantId: string, feature: string) {
  return db
    .selectFrom("rates")
    .select("amount")
    .where("feature", "=", feature)
    .where((eb) => eb.or([eb("tenant_id", "=", tenantId), eb("tenant_id", "is", null)]))
    .orderBy("tenant_id", (ob) => ob.asc().nullsLast())
    .limit(1);
}

/** The rate set in the database for this feature (tenant override or global), if any. */
export async function explicitRateFor(
  db: Queryable,
  tenantId: string,
  feature: string,
): Promise<string | null> {
  const row = await explicitRateQuery(db, tenantId, feature).executeTakeFirst();
  return row ? normalizeDecimal(row.amount) : null;
}

export async function setRate(
  db: Queryable,
  feature: string,
  amount: string,
  tenantId?: string,
): Promise<void> {
  if (!isKnownFeature(feature))
    throw new AppError("validation_failed", { field: "feature", message: `Unknown feature ${feature}.` });
  if (!DECIMAL_PATTERN.test(amount)) {
    throw new AppError("validation_failed", {
      field: "amount",
      message: "Amount must be a non-negative decimal.",
    });
  }
  const updated = await db
    .updateTable("rates")
    .set({ amount, updated_at: new Date() })
    .where("feature", "=", feature)
    .where((eb) => (tenantId ? eb("tenant_id", "=", tenantId) : eb("tenant_id", "is", null)))
    .returning("id")
    .executeTakeFirst();
  if (!updated)
    await db
      .insertInto("rates")
      .values({ feature, amount, tenant_id: tenantId ?? null })
      .execute();
}

/** "1.5000" → "1.5", "-2.0" → "-2": numeric values on the wire are minimal decimal strings. */
export function normalizeDecimal(value: string): string {
  if (!value.includes(".")) return value;
  const trimmed = value.replace(/0+$/, "").replace(/\.$/, "");
  return trimmed === "-0" ? "0" : trimmed;
}
