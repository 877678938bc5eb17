// The OpenAPI 3.1 `webhooks` section: every event the service POSTs to a tenant's webhook URL, its headers and
// its payload schema (spec: Events; design: webhook signature). Built from the same zod schemas as the code.
import { z } from "zod";
import { FLAGGED_EVENT, monitoringFlaggedPayload } from "../identities/aml-monitoring/flagged-event.js";
import { APPLICATION_EVENT_TYPES } from "../partner/applications/application-events.js";
import { applicationSchema } from "../partner/partner-schemas.js";
import { SESSION_EVENT_TYPES, sessionWebhookPayload } from "../verify/sessions/session-webhook-payload.js";

const applicationWebhookPayload = z
  .object({
    payload_version: z.literal("1"),
    event: z.enum(APPLICATION_EVENT_TYPES),
    event_type: z.enum(APPLICATION_EVENT_TYPES),
    application: applicationSchema,
    form_data: z.record(z.string(), z.unknown()).nullable(),
    sdk_response: z.record(z.string(), z.unknown()).nullable(),
    blocklist_match: z.unknown(),
    created_at: z.string(),
  })
  .describe("Partner application event");

const HEADERS = [
  {
    name: "X-Webhook-Id",
    in: "header",
    required: true,
    description: "The event id, stable across retries and resends: dedupe on it.",
    schema: { type: "string" },
  },
  { name: "X-Webhook-Event", in: "header", required: true, schema: { type: "string" } },
  {
    name: "X-Webhook-Signature",
    in: "header",
    required: false,
    description:
      '`t=<unix seconds>,v1=<hex HMAC-SHA256(signing secret, "<t>.<raw body>")>`; reject a t older than 5 minutes. ' +
      "The SDK's verifyWebhook checks it.",
    schema: { type: "string" },
  },
];

function operation(eventType: string, schemaName: string, summary: string) {
  return {
    post: {
      operationId: `webhook_${eventType.replaceAll(".", "_")}`,
      summary,
      tags: ["webhooks"],
      parameters: HEADERS,
      requestBody: {
        required: true,
        content: { "application/json": { schema: { $ref: `#/components/schemas/${schemaName}` } } },
      },
      responses: {
        "2XX": { description: "Delivered. Anything else (or no answer in 15 s) is retried on the schedule." },
      },
    },
  };
}

const SESSION_SUMMARIES: Record<(typeof SESSION_EVENT_TYPES)[number], string> = {
  "identity.kyc.session.approved": "A session was approved",
  "identity.kyc.session.declined": "A session was declined",
  "identity.kyc.session.review": "A session waits for a person's review",
  "identity.kyc.session.expired": "A session expired before it was finished",
};

export function openApiWebhooks(): { webhooks: Record<string, unknown>; schemas: Record<string, unknown> } {
  const webhooks: Record<string, unknown> = {};
  for (const type of SESSION_EVENT_TYPES)
    webhooks[type] = operation(type, "SessionWebhook", SESSION_SUMMARIES[type]);
  for (const type of APPLICATION_EVENT_TYPES) {
    webhooks[type] = operation(type, "ApplicationWebhook", `Partner application: ${type.split(".").at(-1)}`);
  }
  webhooks[FLAGGED_EVENT] = operation(
    FLAGGED_EVENT,
    "MonitoringFlaggedWebhook",
    "AML monitoring found a new hit",
  );
  return {
    webhooks,
    schemas: {
      SessionWebhook: z.toJSONSchema(sessionWebhookPayload, { target: "openapi-3.0" }),
      ApplicationWebhook: z.toJSONSchema(applicationWebhookPayload, { target: "openapi-3.0" }),
      MonitoringFlaggedWebhook: z.toJSONSchema(monitoringFlaggedPayload, { target: "openapi-3.0" }),
    },
  };
}
