// GET /console/api/tenants/:tenant_id/sessions/:session_id/activity: each workflow node's check (pending when
// it never ran), the session's log (who did what, with reasons) and its webhook deliveries with their
// payload's decision_reason, newest first.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { moduleFor } from "../../verify/modules/registry.js";
import { getDecisionSummary } from "../../verify/sessions/session-checks.js";
import { sessionIdParams } from "../../verify/sessions/session-schemas.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

const response = z.object({
  decision_reason: z.string().nullable().describe("Every reason of the latest decision, comma-separated."),
  checks: z.array(
    z.object({
      node_id: z.string(),
      feature: z.string(),
      status: z.string().describe("pending when the node never ran, else approved, declined or in_review"),
      score: z.number().nullable(),
      warnings: z.array(z.string()),
      applicant_step: z
        .boolean()
        .describe("Whether the applicant captures this step (resubmission may name it)."),
    }),
  ),
  log: z.array(
    z.object({
      type: z.string(),
      actor: z.string(),
      data: z.record(z.string(), z.unknown()),
      created_at: z.string(),
    }),
  ),
  webhooks: z.array(
    z.object({
      id: z.string(),
      event_type: z.string(),
      status: z.string(),
      attempts: z.number().int(),
      last_error: z.string().nullable(),
      decision_reason: z.string().nullable(),
      created_at: z.string(),
      delivered_at: z.string().nullable(),
    }),
  ),
});

export function registerConsoleSessionActivityRoute(app: App, services: Services): void {
  app.get(
    "/sessions/:session_id/activity",
    {
      config: { consoleRole: "reviewer" },
      schema: {
        summary: "A session's log and webhook deliveries",
        tags: CONSOLE_TAGS,
        params: tenantParams.extend(sessionIdParams.shape),
        response: { 200: response },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, session_id: sessionId } = request.params;
      const { checks, decision_reason } = await getDecisionSummary(services.db, tenantId, sessionId);
      const [log, webhooks] = await Promise.all([
        services.db
          .selectFrom("session_events")
          .select(["type", "actor", "data", "created_at"])
          .where("tenant_id", "=", tenantId)
          .where("session_id", "=", sessionId)
          .orderBy("created_at", "desc")
          .limit(200)
          .execute(),
        services.db
          .selectFrom("webhook_events")
          .select([
            "id",
            "event_type",
            "status",
            "attempts",
            "last_error",
            "payload",
            "created_at",
            "delivered_at",
          ])
          .where("tenant_id", "=", tenantId)
          .where("session_id", "=", sessionId)
          .orderBy("created_at", "desc")
          .execute(),
      ]);
      return {
        decision_reason,
        checks: checks.map((check) => ({
          ...check,
          applicant_step: moduleFor(check.feature)?.step !== undefined,
        })),
        log: log.map((row) => ({
          type: row.type,
          actor: row.actor,
          data: row.data as Record<string, unknown>,
          created_at: row.created_at.toISOString(),
        })),
        webhooks: webhooks.map((row) => ({
          id: row.id,
          event_type: row.event_type,
          status: row.status,
          attempts: row.attempts,
          last_error: row.last_error,
          decision_reason:
            typeof row.payload.decision_reason === "string" ? row.payload.decision_reason : null,
          created_at: row.created_at.toISOString(),
          delivered_at: row.delivered_at?.toISOString() ?? null,
        })),
      };
    },
  );
}
