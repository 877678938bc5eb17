// Per-tenant feature entitlements (spec: 403 {detail: "feature_not_enabled", features: […]}).
import type { Queryable } from "../db/transaction.js";
import { AppError } from "../errors.js";
import { isKnownFeature } from "../features.js";

export async function setFeatures(
  db: Queryable,
  tenantId: string,
  features: string[],
  enabled: boolean,
): Promise<void> {
  const unknown = features.filter((feature) => !isKnownFeature(feature));
  if (unknown.length > 0) {
    throw new AppError("validation_failed", {
      field: "features",
      message: `Unknown features: ${unknown.join(", ")}`,
    });
  }
  if (features.length === 0) return;
  if (enabled) {
    await db
      .insertInto("tenant_features")
      .values(features.map((feature) => ({ tenant_id: tenantId, feature })))
      .onConflict((oc) => oc.columns(["tenant_id", "feature"]).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom("tenant_features")
      .where("tenant_id", "=", tenantId)
      .where("feature", "in", features)
      .execute();
  }
}

export async function enabledFeatures(db: Queryable, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("tenant_features")
    .select("feature")
    .where("tenant_id", "=", tenantId)
    .orderBy("feature")
    .execute();
  return rows.map((row) => row.feature);
}

/** Throws 403 feature_not_enabled listing every disabled key among `features` (spec: liveness tools). */
export async function requireFeatures(db: Queryable, tenantId: string, features: string[]): Promise<void> {
  if (features.length === 0) return; // `in ()` is not SQL; a tool gated by its own registration needs none.
  const rows = await db
    .selectFrom("tenant_features")
    .select("feature")
    .where("tenant_id", "=", tenantId)
    .where("feature", "in", features)
    .execute();
  assertFeaturesEnabled(
    rows.map((row) => row.feature),
    features,
  );
}

/** requireFeatures against a list already read (enabledFeatures): 403 listing every disabled key. */
export function assertFeaturesEnabled(enabledList: readonly string[], features: readonly string[]): void {
  const enabled = new Set(enabledList);
  const missing = features.filter((feature) => !enabled.has(feature));
  if (missing.length > 0) throw new AppError("feature_not_enabled", { extra: { features: missing } });
}
