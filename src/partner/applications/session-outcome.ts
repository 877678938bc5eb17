// The verification side of an application (hand-off to /v3 sessions and the decision engine): the applicant
// is handed to a verification session, and the session's outcome moves the application, with its event,
// in the caller's transaction.
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { isUuid } from "../../platform/ids.js";
import { emitApplicationEvent, eventForStatus } from "./application-events.js";
import { type Application, loadApplication, toApplication } from "./application-resource.js";

/** design: session approved→completed, declined→kyc_failed, in_review→manual_review, expired/abandoned. */
const STATUS_FOR_SESSION: Record<string, string> = {
  approved: "completed",
  declined: "kyc_failed",
  in_review: "manual_review",
  expired: "expired",
  abandoned: "abandoned",
};

export interface RedirectInput {
  tenantId: string;
  applicationId: string;
  sessionId: string;
}

/** form_filled → sdk_redirected, remembering the verification session (no event: still in progress). */
export async function markApplicationRedirected(tx: Queryable, input: RedirectInput): Promise<Application> {
  if (!isUuid(input.sessionId)) {
    throw new AppError("validation_failed", { field: "session_id", message: "session id must be a uuid." });
  }
  const row = await loadApplication(tx, input.tenantId, input.applicationId, { forUpdate: true });
  if (row.status !== "form_filled" && row.status !== "sdk_redirected") {
    throw new AppError("session_closed", { message: `The application is ${row.status}.` });
  }
  await tx
    .updateTable("partner_applications")
    .set({ status: "sdk_redirected", verification_session_id: input.sessionId, updated_at: sql`now()` })
    .where("tenant_id", "=", input.tenantId)
    .where("id", "=", input.applicationId)
    .execute();
  return toApplication(await loadApplication(tx, input.tenantId, input.applicationId));
}

export interface SessionOutcomeInput {
  tenantId: string;
  applicationId: string;
  /** The verification session's status. Non-final statuses leave the application as it is. */
  sessionStatus: string;
  /** What the applicant's SDK reported, carried in the event envelope's sdk_response. */
  sdkResponse?: Record<string, unknown>;
}

/**
 * Applies a session outcome; returns the application, or null when the status moves nothing (in_progress,
 * awaiting_user, …). A repeat of the same outcome is a no-op without a second event; a different outcome
 * (an operator resolving a review, an authoritative override) moves it again.
 */
export async function applySessionOutcome(
  tx: Queryable,
  input: SessionOutcomeInput,
): Promise<Application | null> {
  const status = STATUS_FOR_SESSION[input.sessionStatus];
  if (!status) return null;
  const row = await loadApplication(tx, input.tenantId, input.applicationId, { forUpdate: true });
  if (row.status === status && input.sdkResponse === undefined) return toApplication(row);
  await tx
    .updateTable("partner_applications")
    .set({
      status,
      ...(input.sdkResponse === undefined ? {} : { sdk_response: JSON.stringify(input.sdkResponse) }),
      updated_at: sql`now()`,
    })
    .where("tenant_id", "=", input.tenantId)
    .where("id", "=", input.applicationId)
    .execute();
  const updated = await loadApplication(tx, input.tenantId, input.applicationId);
  const event = eventForStatus(status);
  if (event && row.status !== status) await emitApplicationEvent(tx, event, updated);
  return toApplication(updated);
}
