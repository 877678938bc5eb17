// The partner application's hosted page hands the applicant to a /v3 verification session of the flow's
// workflow once the form passes the risk lists; the session's outcome then becomes the application's
// decision (transition-session listeners). The application already paid its PARTNER_SESSION debit, so its
// verification session is not charged again.
import { withTransaction } from "../../platform/db/transaction.js";
import type { Services } from "../../services.js";
import { createSession } from "../../verify/sessions/create-session.js";
import type { SessionStatusListener } from "../../verify/sessions/transition-session.js";
import { applySessionOutcome, markApplicationRedirected } from "../applications/session-outcome.js";
import {
  type ApplicationForm,
  describeApplicationForm,
  submitApplicationForm,
} from "../applications/submit-application-form.js";

export interface HostedApplicationState {
  status: string;
  fields: string[];
  prefill: Record<string, string>;
  expired: boolean;
}

export interface HandOffResult {
  status: string;
  /** Present when the applicant goes on to verification: the session's hosted URL and its applicant API token. */
  verification: { url: string; token: string } | null;
}

export async function hostedApplicationState(
  services: Services,
  token: string,
): Promise<HostedApplicationState> {
  const form = await describeApplicationForm(services, token);
  return { status: form.status, fields: form.fields, prefill: form.prefill, expired: form.expired };
}

export async function submitFormAndHandOff(
  services: Services,
  token: string,
  form: ApplicationForm,
): Promise<HandOffResult> {
  const submitted = await submitApplicationForm(services, token, form);
  if (submitted.status !== "form_filled") return { status: submitted.status, verification: null };
  const session = await createSession(
    services,
    submitted.tenantId,
    {
      workflow_id: submitted.workflowId,
      contact_email: submitted.form.email,
      contact_phone: submitted.form.phone,
      vendor_data: submitted.form.identifier,
      prefill: {
        ...(submitted.form.full_name ? { full_name: submitted.form.full_name } : {}),
        ...(submitted.form.email ? { email: submitted.form.email } : {}),
        ...(submitted.form.phone ? { phone: submitted.form.phone } : {}),
      },
    },
    { applicationId: submitted.applicationId, charge: false },
  );
  const application = await withTransaction(services.db, (tx) =>
    markApplicationRedirected(tx, {
      tenantId: submitted.tenantId,
      applicationId: submitted.applicationId,
      sessionId: session.id,
    }),
  );
  return {
    status: application.status,
    verification: { url: session.url, token: session.url.split("/verify/")[1]! },
  };
}

/** An application follows its verification session (listed in the composition root's hooks). */
export const followSessionOutcome: SessionStatusListener = async (tx, change) => {
  await applySessionOutcome(tx, {
    tenantId: change.tenantId,
    applicationId: change.applicationId,
    sessionStatus: change.status,
  });
};
