// Every try at delivering one event, oldest first: what an operator reads to tell a broken receiver (its
// status and the start of its answer) from a broken network (the error class).
import type { Selectable } from "kysely";
import type { Queryable } from "../platform/db/transaction.js";
import { AppError } from "../platform/errors.js";
import { isUuid } from "../platform/ids.js";
import type { WebhookAttemptsTable } from "./webhook-tables.js";

/** A webhook_attempts row as the console shows it (its own ids left out, the time as ISO 8601). */
export type DeliveryAttempt = Omit<
  Selectable<WebhookAttemptsTable>,
  "id" | "event_id" | "tenant_id" | "created_at"
> & { created_at: string };

export async function listWebhookAttempts(
  db: Queryable,
  tenantId: string,
  eventId: string,
): Promise<DeliveryAttempt[]> {
  if (!isUuid(eventId)) throw new AppError("not_found", { detail: "Not found." });
  const event = await db
    .selectFrom("webhook_events")
    .select("id")
    .where("id", "=", eventId)
    .where("tenant_id", "=", tenantId)
    .executeTakeFirst();
  if (!event) throw new AppError("not_found", { detail: "Not found." });
  const rows = await db
    .selectFrom("webhook_attempts")
    .select([
      "attempt",
      "url",
      "status_code",
      "error",
      "error_class",
      "response_excerpt",
      "duration_ms",
      "created_at",
    ])
    .where("event_id", "=", eventId)
    .where("tenant_id", "=", tenantId)
    .orderBy("created_at", "asc")
    .orderBy("attempt", "asc")
    .execute();
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}
