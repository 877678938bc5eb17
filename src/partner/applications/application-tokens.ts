// Hosted URLs: `{flow_url}/s/<TOKEN>` with 192 random bits; only the SHA-256 is stored. Every URL minted for
// an application (the first and each jti replay) resolves to it; the application's stored expiry governs all.
import type { Queryable } from "../../platform/db/transaction.js";
import { newToken, sha256Hex } from "../../platform/ids.js";
import { APPLICATION_COLUMNS, type ApplicationRow, urlExpired } from "./application-resource.js";

export async function mintApplicationUrl(
  tx: Queryable,
  flowUrl: string,
  tenantId: string,
  applicationId: string,
): Promise<string> {
  const token = newToken(24);
  await tx
    .insertInto("partner_application_tokens")
    .values({ token_hash: sha256Hex(token), tenant_id: tenantId, application_id: applicationId })
    .execute();
  return `${flowUrl}/s/${token}`;
}

/**
 * The application a hosted URL token opens, or undefined. Unscoped by design: the token itself is the
 * credential on the applicant side, and the row it finds carries its tenant_id.
 */
export async function unscopedFindApplicationByToken(
  db: Queryable,
  token: string,
  options: { forUpdate?: boolean } = {},
): Promise<ApplicationRow | undefined> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return undefined;
  const link = await db
    .selectFrom("partner_application_tokens")
    .select(["application_id", "tenant_id"])
    .where("token_hash", "=", sha256Hex(token))
    .executeTakeFirst();
  if (!link) return undefined;
  let query = db
    .selectFrom("partner_applications")
    .select([...APPLICATION_COLUMNS, urlExpired.as("url_expired")])
    .where("tenant_id", "=", link.tenant_id)
    .where("id", "=", link.application_id);
  if (options.forUpdate) query = query.forUpdate();
  return (await query.executeTakeFirst()) as ApplicationRow | undefined;
}
