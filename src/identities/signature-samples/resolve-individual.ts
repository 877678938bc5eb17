// spec: signature-enroll — the identity is named by `individual_id` or `external_user_id`; an unknown
// one, another tenant's, or a malformed id all answer 404 individual_not_found alike.
import type { Queryable } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { isUuid } from "../../platform/ids.js";

export interface IndividualReference {
  individualId?: string;
  externalUserId?: string;
}

export async function resolveIndividual(
  db: Queryable,
  tenantId: string,
  reference: IndividualReference,
): Promise<string> {
  let query = db.selectFrom("individuals").select("id").where("tenant_id", "=", tenantId);
  if (reference.individualId) {
    if (!isUuid(reference.individualId)) throw notFound();
    query = query.where("id", "=", reference.individualId);
  } else if (reference.externalUserId) {
    query = query.where("external_user_id", "=", reference.externalUserId);
  } else {
    throw notFound();
  }
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row.id;
}

function notFound(): AppError {
  return new AppError("individual_not_found", { message: "No such identity." });
}
