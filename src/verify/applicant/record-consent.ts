// Versioned terms (spec: rule 5): when the session's branding carries `terms`, the applicant accepts that
// version before any capture; acceptance is a session event `applicant.consented` with the version.
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import type { SessionRow } from "../sessions/find-session.js";
import { logSessionEvent } from "../sessions/session-log.js";
import { assertTakesInput } from "./input-guard.js";
import { APPLICANT_ERRORS } from "./step-contract.js";

export interface ConsentState {
  /** The terms version the applicant must accept, or null when the flow has no terms. */
  terms_version: string | null;
  accepted: boolean;
}

export function termsVersionOf(branding: Record<string, unknown>): string | null {
  const terms = branding.terms as { version?: unknown } | undefined;
  return typeof terms?.version === "string" && terms.version !== "" ? terms.version : null;
}

export async function consentState(
  db: Queryable,
  session: SessionRow,
  branding: Record<string, unknown>,
): Promise<ConsentState> {
  const version = termsVersionOf(branding);
  if (!version) return { terms_version: null, accepted: true };
  const row = await db
    .selectFrom("session_events")
    .select("id")
    .where("tenant_id", "=", session.tenant_id)
    .where("session_id", "=", session.id)
    .where("type", "=", "applicant.consented")
    .where(sql<string>`data->>'terms_version'`, "=", version)
    .executeTakeFirst();
  return { terms_version: version, accepted: row !== undefined };
}

export async function recordConsent(
  db: Queryable,
  session: SessionRow,
  branding: Record<string, unknown>,
  termsVersion: string,
): Promise<void> {
  assertTakesInput(session);
  const current = await consentState(db, session, branding);
  // Accepting an older (or invented) version is not consent to the terms shown now.
  if (current.terms_version === null || current.terms_version !== termsVersion) {
    throw new AppError("validation_failed", {
      field: "terms_version",
      detail: "terms_version_mismatch",
      message: APPLICANT_ERRORS.terms_version_mismatch.message,
    });
  }
  if (current.accepted) return;
  await logSessionEvent(db, {
    tenantId: session.tenant_id,
    sessionId: session.id,
    type: "applicant.consented",
    actor: "applicant",
    data: { terms_version: termsVersion },
  });
}
