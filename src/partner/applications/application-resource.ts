// The application resource (spec: Resources — Application; design: raw statuses and the decision map).
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { isUuid } from "../../platform/ids.js";
import type { BlocklistMatch } from "../partner-tables.js";

/** Raw statuses (diagnostic only). `created` is the state before the applicant fills the form. */
export const APPLICATION_STATUSES = [
  "created",
  "form_filled",
  "sdk_redirected",
  "completed",
  "kyc_failed",
  "manual_review",
  "expired",
  "abandoned",
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export type ApplicationDecision = "approved" | "rejected" | "manual_review" | "in_progress" | "abandoned";

/** design: completed→approved, kyc_failed→rejected, manual_review→manual_review, expired/abandoned→abandoned. */
export function decisionOf(status: string): ApplicationDecision {
  switch (status) {
    case "completed":
      return "approved";
    case "kyc_failed":
      return "rejected";
    case "manual_review":
      return "manual_review";
    case "expired":
    case "abandoned":
      return "abandoned";
    default:
      return "in_progress";
  }
}

export type SessionExpiryState = "active" | "expired" | "never";

export interface Application {
  id: string;
  external_ref: string;
  tracking_id: string;
  flow_id: string;
  status: string;
  decision: ApplicationDecision;
  session_expires_at: string | null;
  session_expiry_state: SessionExpiryState;
  phone?: string;
  email?: string;
  identifier?: string;
  full_name?: string;
  verification_session_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ApplicationRow {
  id: string;
  tenant_id: string;
  flow_id: string;
  external_ref: string;
  tracking_id: string;
  status: string;
  session_expires_at: Date | null;
  /** Whether the stored expiry has passed, by the database clock. */
  url_expired: boolean;
  prefill: Record<string, string>;
  form_data: Record<string, string> | null;
  sdk_response: Record<string, unknown> | null;
  blocklist_match: BlocklistMatch | null;
  phone: string | null;
  email: string | null;
  identifier: string | null;
  full_name: string | null;
  verification_session_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export const APPLICATION_COLUMNS = [
  "id",
  "tenant_id",
  "flow_id",
  "external_ref",
  "tracking_id",
  "status",
  "session_expires_at",
  "prefill",
  "form_data",
  "sdk_response",
  "blocklist_match",
  "phone",
  "email",
  "identifier",
  "full_name",
  "verification_session_id",
  "created_at",
  "updated_at",
] as const;

export const urlExpired = sql<boolean>`(session_expires_at IS NOT NULL AND session_expires_at <= now())`;

export function toApplication(row: ApplicationRow): Application {
  const collected = (["phone", "email", "identifier", "full_name"] as const).flatMap((field) =>
    row[field] === null ? [] : [[field, row[field]] as const],
  );
  return {
    id: row.id,
    external_ref: row.external_ref,
    tracking_id: row.tracking_id,
    flow_id: row.flow_id,
    status: row.status,
    decision: decisionOf(row.status),
    session_expires_at: row.session_expires_at?.toISOString() ?? null,
    session_expiry_state: row.session_expires_at === null ? "never" : row.url_expired ? "expired" : "active",
    ...Object.fromEntries(collected),
    verification_session_id: row.verification_session_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function applicationNotFound(): AppError {
  return new AppError("not_found", { message: "Application not found." });
}

export async function loadApplication(
  db: Queryable,
  tenantId: string,
  applicationId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ApplicationRow> {
  if (!isUuid(applicationId)) throw applicationNotFound();
  let query = db
    .selectFrom("partner_applications")
    .select([...APPLICATION_COLUMNS, urlExpired.as("url_expired")])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", applicationId);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw applicationNotFound();
  return row as ApplicationRow;
}

export async function getApplication(
  db: Queryable,
  tenantId: string,
  applicationId: string,
): Promise<Application> {
  return toApplication(await loadApplication(db, tenantId, applicationId));
}
