// A new webhook signing secret for the tenant (design: the webhook secret is separate from the API key and the
// JWT secret). Deliveries signed from now on use it; the raw value is returned once, to be copied to the
// receiver.
import type { Queryable } from "../platform/db/transaction.js";
import { AppError } from "../platform/errors.js";
import { newWebhookSigningSecret } from "../platform/tenants/tenants.js";

export async function rotateWebhookSigningSecret(db: Queryable, tenantId: string): Promise<string> {
  const secret = newWebhookSigningSecret();
  const row = await db
    .updateTable("tenants")
    .set({ webhook_signing_secret: secret, updated_at: new Date() })
    .where("id", "=", tenantId)
    .returning("id")
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", { message: "No such tenant." });
  return secret;
}
