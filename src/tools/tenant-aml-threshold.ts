// The per-tenant default AML threshold (issue 14; spec: aml-check — match_threshold defaults to the tenant
// AML threshold, 0.7): `tenants.settings.aml_threshold`, set with `kyc aml threshold T 0.x` or the
// console's PUT /console/api/tenants/:id/aml-threshold. A request's own match_threshold still wins.
// Range 0.5..1: below the 0.5 cutoff (spec: Limits) a "confirmed" hit could score under a possible one.
import { sql } from "kysely";
import { DEFAULT_CUTOFF, DEFAULT_THRESHOLD } from "../engines/aml/index.js";
import type { Queryable } from "../platform/db/transaction.js";
import { AppError } from "../platform/errors.js";
import { requireTenantId } from "../platform/tenants/tenants.js";

export const MIN_TENANT_THRESHOLD = DEFAULT_CUTOFF;
export const MAX_TENANT_THRESHOLD = 1;

export async function amlThresholdOf(db: Queryable, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom("tenants")
    .select(sql<number | null>`(settings ->> 'aml_threshold')::float8`.as("threshold"))
    .where("id", "=", tenantId)
    .executeTakeFirst();
  return row?.threshold ?? DEFAULT_THRESHOLD;
}

/** `null` returns the tenant to the default (0.7). */
export async function setAmlThreshold(
  db: Queryable,
  tenantId: string,
  threshold: number | null,
): Promise<number> {
  if (
    threshold !== null &&
    (!Number.isFinite(threshold) || threshold < MIN_TENANT_THRESHOLD || threshold > MAX_TENANT_THRESHOLD)
  ) {
    throw new AppError("validation_failed", {
      field: "aml_threshold",
      message: `The AML threshold is ${MIN_TENANT_THRESHOLD}..${MAX_TENANT_THRESHOLD} (default ${DEFAULT_THRESHOLD}).`,
    });
  }
  const settings =
    threshold === null
      ? sql<string>`settings - 'aml_threshold'`
      : sql<string>`settings || jsonb_build_object('aml_threshold', ${threshold}::float8)`;
  const row = await db
    .updateTable("tenants")
    .set({ settings, updated_at: sql`now()` })
    .where("id", "=", requireTenantId(tenantId))
    .returning("id")
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", { message: "No such tenant." });
  return threshold ?? DEFAULT_THRESHOLD;
}
