// POST /console/api/tenants/:tenant_id/video-calls/:call_id/end {verdict, reason?, notes?}: the agent ends an
// active call with a verdict; the applicant's page moves on and the node is decided from the verdict when
// the session finishes. Notes stay in the console (never in decision_v3). Audited with the verdict.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import type { SignallingHub } from "../../verify/video/signalling-hub.js";
import { endCall, VERDICT_REASONS } from "../../verify/video/video-calls.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, okSchema } from "../console-schemas.js";
import { callParams } from "./call-schemas.js";

const body = z.object({
  verdict: z.enum(["pass", "fail"]),
  reason: z.enum(VERDICT_REASONS).default("completed").describe("Why; `completed` for an ordinary call."),
  notes: z.string().trim().max(4000).optional().describe("Internal; shown only in the console."),
});

export function registerConsoleEndVideoCallRoute(app: App, services: Services, hub: SignallingHub): void {
  app.post(
    "/video-calls/:call_id/end",
    {
      config: { consoleRole: "reviewer" },
      schema: {
        summary: "End a video call with a verdict",
        tags: CONSOLE_TAGS,
        params: callParams,
        body,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, call_id: callId } = request.params;
      const operator = operatorOf(request);
      await auditedChange<{ session_id: string }>(
        services,
        operator,
        (call: { session_id: string }) => ({
          tenantId,
          action: "video_call.end",
          target: call.session_id,
          data: { call_id: callId, verdict: request.body.verdict, reason: request.body.reason },
        }),
        (tx) =>
          endCall(
            tx,
            { tenantId, callId },
            {
              operatorId: operator.operatorId,
              verdict: request.body.verdict,
              reason: request.body.reason,
              notes: request.body.notes,
            },
            services.hooks.sessionStatusChanged,
          ),
      );
      hub.broadcast(callId, { type: "status", status: "completed" });
      return { ok: true as const };
    },
  );
}
