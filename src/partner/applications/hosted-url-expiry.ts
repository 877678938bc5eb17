// PATCH /api/v1/applications/{id}/ (spec: Hosted URL expiry): expire_now wins; session_expires_at is an ISO
// 8601 string, and null or "" removes the expiry. Every minted URL of the application shares this expiry.
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { type Application, loadApplication, toApplication } from "./application-resource.js";

export interface ExpiryUpdate {
  expire_now?: unknown;
  session_expires_at?: unknown;
}

const ISO_8601 =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** Parses an ISO 8601 date or date-time; a value without an offset is UTC. Null when unparseable. */
export function parseIsoTimestamp(value: string): Date | null {
  const text = value.trim();
  if (!ISO_8601.test(text)) return null;
  const hasTime = /[T ]/i.test(text);
  const hasOffset = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i.test(text.slice(10));
  const normalized = hasTime ? text.replace(" ", "T") + (hasOffset ? "" : "Z") : `${text}T00:00:00Z`;
  const date = new Date(normalized.replace(/([+-]\d{2})(\d{2})$/, "$1:$2").replace(/([+-]\d{2})$/, "$1:00"));
  return Number.isNaN(date.getTime()) ? null : date;
}

export async function updateHostedUrlExpiry(
  db: Queryable,
  tenantId: string,
  applicationId: string,
  update: ExpiryUpdate,
): Promise<Application> {
  const expireNow = update.expire_now;
  if (expireNow !== undefined && typeof expireNow !== "boolean") {
    throw new AppError("invalid_request", { field: "expire_now", message: "expire_now must be a boolean." });
  }
  const hasExpiry = "session_expires_at" in update && update.session_expires_at !== undefined;
  if (expireNow === undefined && !hasExpiry) {
    throw new AppError("no_supported_fields", {
      message: "Send expire_now or session_expires_at.",
    });
  }
  let next: { kind: "now" } | { kind: "at"; at: Date | null } | null = null;
  if (expireNow === true) next = { kind: "now" };
  else if (hasExpiry) next = { kind: "at", at: parseExpiry(update.session_expires_at) };

  return withTransaction(db, async (tx) => {
    await loadApplication(tx, tenantId, applicationId, { forUpdate: true });
    if (next) {
      await tx
        .updateTable("partner_applications")
        .set({
          session_expires_at: next.kind === "now" ? sql`now()` : next.at,
          updated_at: sql`now()`,
        })
        .where("tenant_id", "=", tenantId)
        .where("id", "=", applicationId)
        .execute();
    }
    return toApplication(await loadApplication(tx, tenantId, applicationId));
  });
}

function parseExpiry(value: unknown): Date | null {
  if (value === null || value === "") return null;
  const parsed = typeof value === "string" ? parseIsoTimestamp(value) : null;
  if (!parsed) {
    throw new AppError("invalid_session_expires_at", {
      field: "session_expires_at",
      message: "session_expires_at must be an ISO 8601 timestamp, null or an empty string.",
    });
  }
  return parsed;
}
