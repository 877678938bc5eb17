// POST /v3/sandbox/session/{session_id}/complete/ (design: Sandbox) — decides a test session deterministically.
import { z } from "zod";
import { type App, tenantOf } from "../../../platform/http/app.js";
import type { Services } from "../../../services.js";
import { readSession } from "../../sessions/serialize-session.js";
import { sessionIdParams, sessionObjectSchema } from "../../sessions/session-schemas.js";
import { completeSandboxSession, liveSessionRefused } from "../complete-sandbox-session.js";
import { nodeOverrideSchema, SANDBOX_OUTCOMES } from "../sandbox-outcome.js";

const body = z.object({
  outcome: z.enum(SANDBOX_OUTCOMES).describe("The session's final status."),
  nodes: z
    .record(z.string(), nodeOverrideSchema)
    .optional()
    .describe(
      "Per node id: its status and warnings. Nodes left out are approved, except that the first of them " +
        "carries the outcome when no named node does. Statuses that contradict the outcome are a 400.",
    ),
});

export function registerSandboxCompleteRoute(app: App, services: Services): void {
  app.post(
    "/sandbox/session/:session_id/complete/",
    {
      config: { rateBucket: "kyc_v3_session_create" },
      schema: {
        summary: "Complete a test session with a chosen outcome",
        description:
          "Test keys only (a live key gets 403; a live session is not found for a test key, 404). Writes sample " +
          "evidence and a decision_v3 shaped like a real run's, moves the session through in_progress to the " +
          "outcome and sends the same signed webhooks. A closed session answers 409.",
        tags: ["sandbox"],
        params: sessionIdParams,
        body,
        response: { 200: sessionObjectSchema },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      if (!tenant.test) throw liveSessionRefused();
      await completeSandboxSession(services, {
        tenantId: tenant.tenantId,
        sessionId: request.params.session_id,
        outcome: request.body.outcome,
        nodes: request.body.nodes,
      });
      return readSession(services.db, services.config, tenant.tenantId, request.params.session_id);
    },
  );
}
