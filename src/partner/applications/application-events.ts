// Application webhooks (spec: Events — application envelope; design: event names, payload_version "1").
// Written to the outbox in the transaction of the change they announce.
import type { Queryable } from "../../platform/db/transaction.js";
import { enqueueWebhookEvent } from "../../webhooks/enqueue-event.js";
import { type ApplicationRow, toApplication } from "./application-resource.js";

export const APPLICATION_EVENT_TYPES = [
  "identity.application.created",
  "identity.application.submitted",
  "identity.application.approved",
  "identity.application.rejected",
  "identity.application.manual_review",
  "identity.application.abandoned",
] as const;

export type ApplicationEvent = (typeof APPLICATION_EVENT_TYPES)[number];

export const APPLICATION_PAYLOAD_VERSION = "1";

export function applicationEnvelope(event: ApplicationEvent, row: ApplicationRow): Record<string, unknown> {
  return {
    payload_version: APPLICATION_PAYLOAD_VERSION,
    event,
    event_type: event,
    application: toApplication(row),
    form_data: row.form_data,
    sdk_response: row.sdk_response,
    blocklist_match: row.blocklist_match,
    created_at: new Date().toISOString(),
  };
}

export async function emitApplicationEvent(
  tx: Queryable,
  event: ApplicationEvent,
  row: ApplicationRow,
): Promise<string> {
  return enqueueWebhookEvent(tx, {
    tenantId: row.tenant_id,
    eventType: event,
    payload: applicationEnvelope(event, row),
    applicationId: row.id,
    sessionId: row.verification_session_id,
  });
}

/** The event announcing a move into a status, if that status has one. */
export function eventForStatus(status: string): ApplicationEvent | null {
  switch (status) {
    case "form_filled":
      return "identity.application.submitted";
    case "completed":
      return "identity.application.approved";
    case "kyc_failed":
      return "identity.application.rejected";
    case "manual_review":
      return "identity.application.manual_review";
    case "expired":
    case "abandoned":
      return "identity.application.abandoned";
    default:
      return null;
  }
}
