// The event a monitoring flag sends (issue 14): its type and payload, shared by the sweep that sends it and the
// OpenAPI `webhooks` section that documents it.
import { z } from "zod";

export const FLAGGED_EVENT = "identity.aml.monitoring.flagged";

export const monitoringFlaggedPayload = z
  .object({
    event_type: z.literal(FLAGGED_EVENT),
    idempotency_key: z.string().describe("The event id; the same on every retry and resend"),
    individual_id: z.string(),
    external_user_id: z.string().nullable(),
    status: z.literal("flagged"),
    aml_status: z.literal("high"),
    screened_name: z.string(),
    new_matches: z
      .array(
        z.object({
          entity_id: z.string(),
          name: z.string(),
          score: z.number(),
          lists: z.array(z.string()),
          datasets: z.array(z.string()),
        }),
      )
      .describe("Entities not seen at the identity's previous screening"),
    risk_level: z.string(),
    lists_checked: z.array(z.string()),
    threshold: z.number(),
    dataset: z.string(),
    screened_at: z.string(),
  })
  .describe("Ongoing AML monitoring found a new hit on an enrolled identity");

export type MonitoringFlaggedPayload = z.infer<typeof monitoringFlaggedPayload>;
