// The applicant's form on the hosted URL (hand-off to the hosted flow): validate against the flow's form,
// store the answers, evaluate the flow's active risk lists and move the application, with its events, in
// one transaction. A match applies the list's action: reject → kyc_failed, manual_review → manual_review.
import { sql } from "kysely";
import { withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import type { Services } from "../../services.js";
import { matchFlowLists } from "../lists/check-risk-lists.js";
import type { BlocklistMatch, FormField } from "../partner-tables.js";
import { emitApplicationEvent } from "./application-events.js";
import { type ApplicationRow, loadApplication } from "./application-resource.js";
import { unscopedFindApplicationByToken } from "./application-tokens.js";

export type ApplicationForm = Partial<Record<FormField, unknown>>;

export interface HostedForm {
  tenantId: string;
  applicationId: string;
  status: string;
  /** The fields to ask for, in order, with the partner's prefill. */
  fields: FormField[];
  prefill: Record<string, string>;
  expired: boolean;
}

export interface SubmittedApplication {
  tenantId: string;
  applicationId: string;
  status: "form_filled" | "kyc_failed" | "manual_review";
  /** The workflow to start a verification session with when status is form_filled. */
  workflowId: string;
  /** The answers, for the session's prefill. */
  form: Record<string, string>;
  blocklistMatch: BlocklistMatch | null;
}

/** Statuses in which the form may be (re)submitted. */
const OPEN_STATUSES = ["created", "form_filled"];
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function linkNotFound(): AppError {
  return new AppError("not_found", { message: "This link is not valid." });
}

function refuseIfClosed(row: ApplicationRow): void {
  // spec: Hosted URL expiry — a stored expiry that has passed (or expire_now) closes the URL.
  if (row.url_expired) throw new AppError("link_expired", { message: "This link has expired." });
  if (!OPEN_STATUSES.includes(row.status)) {
    throw new AppError("session_closed", { message: "This application has already been submitted." });
  }
}

/** What the hosted page shows for a token: the flow's fields and the prefill. */
export async function describeApplicationForm(
  services: Pick<Services, "db">,
  token: string,
): Promise<HostedForm> {
  const row = await unscopedFindApplicationByToken(services.db, token);
  if (!row) throw linkNotFound();
  const flow = await services.db
    .selectFrom("partner_flows")
    .select("form_fields")
    .where("tenant_id", "=", row.tenant_id)
    .where("id", "=", row.flow_id)
    .executeTakeFirstOrThrow();
  return {
    tenantId: row.tenant_id,
    applicationId: row.id,
    status: row.status,
    fields: flow.form_fields,
    prefill: row.prefill,
    expired: row.url_expired,
  };
}

export async function submitApplicationForm(
  services: Pick<Services, "db">,
  token: string,
  form: ApplicationForm,
): Promise<SubmittedApplication> {
  return withTransaction(services.db, async (tx) => {
    const row = await unscopedFindApplicationByToken(tx, token, { forUpdate: true });
    if (!row) throw linkNotFound();
    refuseIfClosed(row);
    const flow = await tx
      .selectFrom("partner_flows")
      .select(["id", "workflow_id", "form_fields"])
      .where("tenant_id", "=", row.tenant_id)
      .where("id", "=", row.flow_id)
      .executeTakeFirstOrThrow();
    const answers = validateForm(flow.form_fields, form, row.prefill);
    const match = await matchFlowLists(tx, row.tenant_id, flow.id, answers);
    const status =
      match === null ? "form_filled" : match.action === "reject" ? "kyc_failed" : "manual_review";
    await tx
      .updateTable("partner_applications")
      .set({
        status,
        form_data: JSON.stringify(answers),
        blocklist_match: match === null ? null : JSON.stringify(match),
        phone: answers.phone ?? row.phone,
        email: answers.email ?? row.email,
        identifier: answers.identifier ?? row.identifier,
        full_name: answers.full_name ?? row.full_name,
        updated_at: sql`now()`,
      })
      .where("tenant_id", "=", row.tenant_id)
      .where("id", "=", row.id)
      .execute();
    const updated = await loadApplication(tx, row.tenant_id, row.id);
    await emitApplicationEvent(tx, "identity.application.submitted", updated);
    if (status === "kyc_failed") await emitApplicationEvent(tx, "identity.application.rejected", updated);
    if (status === "manual_review")
      await emitApplicationEvent(tx, "identity.application.manual_review", updated);
    return {
      tenantId: row.tenant_id,
      applicationId: row.id,
      status,
      workflowId: flow.workflow_id,
      form: answers,
      blocklistMatch: match,
    };
  });
}

/** Every field the flow collects is required (the partner's prefill fills a missing one). */
function validateForm(
  fields: FormField[],
  form: ApplicationForm,
  prefill: Record<string, string>,
): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const field of fields) {
    const raw = form[field] ?? prefill[field];
    if (raw !== undefined && raw !== null && typeof raw !== "string") {
      throw new AppError("validation_failed", { field, message: `${field} must be a string.` });
    }
    const value = (raw ?? "").trim();
    if (!value) throw new AppError("validation_failed", { field, message: `${field} is required.` });
    if (field === "email" && !EMAIL_PATTERN.test(value)) {
      throw new AppError("validation_failed", { field, message: "email is not a valid address." });
    }
    if (field === "phone" && value.replace(/\D+/g, "").length < 6) {
      throw new AppError("validation_failed", { field, message: "phone needs at least 6 digits." });
    }
    answers[field] = value;
  }
  return answers;
}
