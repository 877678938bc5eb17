// An officer's answer to an ongoing-monitoring flag (issue 19, the review queue's flagged identities): `clear`
// returns the identity to active (the hit was a false positive or is accepted; the hit stays among its known
// hits, so the next sweep does not raise it again), `block` marks it blocked. aml_status stays `high`: it
// records the screening result, not the officer's decision. Audited in the same transaction.
import { recordAudit } from "../../platform/audit.js";
import { type Queryable, withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { isUuid } from "../../platform/ids.js";

export const FLAG_OUTCOMES = ["clear", "block"] as const;
export type FlagOutcome = (typeof FLAG_OUTCOMES)[number];

export async function resolveMonitoringFlag(
  db: Queryable,
  input: { tenantId: string; individualId: string; outcome: FlagOutcome; note: string; actor: string },
): Promise<{ individual_id: string; status: "active" | "blocked" }> {
  const note = input.note.trim();
  if (!note)
    throw new AppError("validation_failed", { field: "note", message: "Say why (note is required)." });
  const notFound = new AppError("individual_not_found", { detail: "individual_not_found" });
  if (!isUuid(input.individualId)) throw notFound;
  const status = input.outcome === "clear" ? "active" : "blocked";
  return withTransaction(db, async (tx) => {
    const current = await tx
      .selectFrom("individuals")
      .select("status")
      .where("tenant_id", "=", input.tenantId)
      .where("id", "=", input.individualId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound;
    if (current.status !== "flagged") {
      throw new AppError("conflict", { detail: "not_flagged", message: "This identity is not flagged." });
    }
    await tx
      .updateTable("individuals")
      .set({ status, updated_at: new Date() })
      .where("tenant_id", "=", input.tenantId)
      .where("id", "=", input.individualId)
      .execute();
    await recordAudit(tx, {
      tenantId: input.tenantId,
      actor: input.actor,
      action: "identity.aml_flag_resolved",
      target: input.individualId,
      data: { outcome: input.outcome, note },
    });
    return { individual_id: input.individualId, status };
  });
}
