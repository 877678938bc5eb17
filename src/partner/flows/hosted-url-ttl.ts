// spec: POST /api/v1/sessions/ — an omitted session_ttl_minutes takes the tenant default, which starts at
// 30 minutes, is operator-changeable and may be disabled (then hosted URLs do not expire).
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";

export const DEFAULT_HOSTED_URL_TTL_MINUTES = 30;
export const MAX_TTL_MINUTES = 525_600;

/** Minutes, or null when the default is disabled. */
export async function hostedUrlTtlOf(db: Queryable, tenantId: string): Promise<number | null> {
  const row = await db
    .selectFrom("partner_settings")
    .select("hosted_url_ttl_minutes")
    .where("tenant_id", "=", tenantId)
    .executeTakeFirst();
  return row ? row.hosted_url_ttl_minutes : DEFAULT_HOSTED_URL_TTL_MINUTES;
}

/** `null` disables the default expiry. */
export async function setHostedUrlTtl(
  db: Queryable,
  tenantId: string,
  minutes: number | null,
): Promise<void> {
  if (minutes !== null && (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_TTL_MINUTES)) {
    throw new AppError("validation_failed", {
      field: "minutes",
      message: `The default TTL is 1..${MAX_TTL_MINUTES} minutes, or off.`,
    });
  }
  await db
    .insertInto("partner_settings")
    .values({ tenant_id: tenantId, hosted_url_ttl_minutes: minutes })
    .onConflict((oc) =>
      oc.column("tenant_id").doUpdateSet({ hosted_url_ttl_minutes: minutes, updated_at: sql`now()` }),
    )
    .execute();
}
