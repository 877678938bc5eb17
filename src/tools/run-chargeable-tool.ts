// spec: Verify surface: standalone tools — a disabled feature gives 403 feature_not_enabled; a balance that
// cannot cover the rate gives 402 before any work; a success debits one use (reason tool_usage). Failures
// (4xx, 5xx) are never charged because the debit only runs after the work returned a billable result.
import { debit, requireCreditFor } from "../platform/credits/ledger.js";
import { withTransaction } from "../platform/db/transaction.js";
import { requireFeatures } from "../platform/tenants/entitlements.js";
import type { Services } from "../services.js";

export interface ChargeableToolOptions<T> {
  tenantId: string;
  /** Every key that must be enabled (403 lists each disabled one). */
  features: string[];
  /** The key billed; null for free tools. May depend on the result (e.g. a method key with its own rate). */
  billedFeature: string | null | ((result: T) => string | null);
  /** The engine work; throws AppError for unusable input. */
  work: () => Promise<T>;
  /** Whether this result is billable (e.g. document-extract only when something was read). Default: yes. */
  billable?: (result: T) => boolean;
}

export async function runChargeableTool<T>(
  services: Services,
  options: ChargeableToolOptions<T>,
): Promise<T> {
  await requireFeatures(services.db, options.tenantId, options.features);
  const declared = typeof options.billedFeature === "function" ? null : options.billedFeature;
  if (declared) await requireCreditFor(services.db, options.tenantId, declared);
  const result = await options.work();
  const feature =
    typeof options.billedFeature === "function" ? options.billedFeature(result) : options.billedFeature;
  if (feature && (options.billable?.(result) ?? true)) {
    await withTransaction(services.db, (tx) =>
      debit(tx, { tenantId: options.tenantId, feature, reason: "tool_usage" }),
    );
  }
  return result;
}
