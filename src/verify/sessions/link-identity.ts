// spec: vendor_data links the session to a per-tenant identity (external_user_id), created on first use;
// `reference` marks that identity vendor-authenticated.
import { sql } from "kysely";
import type { Tx } from "../../platform/db/transaction.js";

export async function linkIdentity(
  tx: Tx,
  tenantId: string,
  vendorData: string | undefined,
  reference: { authenticated?: boolean; vendor_identity?: Record<string, unknown> } | undefined,
): Promise<string | null> {
  if (!vendorData) return null;
  const vendorAuthenticated = reference !== undefined;
  const row = await tx
    .insertInto("individuals")
    .values({
      tenant_id: tenantId,
      external_user_id: vendorData,
      vendor_authenticated: vendorAuthenticated,
      vendor_identity: reference?.vendor_identity ? JSON.stringify(reference.vendor_identity) : null,
    })
    .onConflict((oc) =>
      oc
        .columns(["tenant_id", "external_user_id"])
        .where("external_user_id", "is not", null)
        .doUpdateSet({
          vendor_authenticated: sql`individuals.vendor_authenticated OR ${vendorAuthenticated}`,
          vendor_identity: sql`coalesce(excluded.vendor_identity, individuals.vendor_identity)`,
          updated_at: sql`now()`,
        }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
