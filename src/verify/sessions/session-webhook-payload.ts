// spec: Events — the flat session payload transition-session.ts sends, as a schema for the OpenAPI document's
// `webhooks` section and the SDK's typed payloads.
import { z } from "zod";

export const SESSION_EVENT_TYPES = [
  "identity.kyc.session.approved",
  "identity.kyc.session.declined",
  "identity.kyc.session.review",
  "identity.kyc.session.expired",
] as const;

export const sessionWebhookPayload = z
  .object({
    session_id: z.string().uuid(),
    status: z.string().describe("approved, declined, in_review or expired"),
    decision: z.string(),
    decision_reason: z.string().nullable().describe("The deciding node's warnings, comma-separated"),
    vendor_data: z.string().nullable(),
    workflow_id: z.string().nullable(),
    application_id: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    event_type: z.enum(SESSION_EVENT_TYPES),
    idempotency_key: z.string().describe("Equals X-Webhook-Id: dedupe on it"),
    test: z
      .literal(true)
      .optional()
      .describe("Present (true) only on a sandbox session's event (created with a test key)"),
  })
  .describe("Session event");
