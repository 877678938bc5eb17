// POST /console/api/tenants/:tenant_id/video-calls/:call_id/take: the agent takes a waiting call; it rings on
// the applicant's page (409 call_state_conflict when another agent took it first). Audited.
import { AppError } from "../../platform/errors.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import type { SignallingHub } from "../../verify/video/signalling-hub.js";
import { takeCall } from "../../verify/video/video-calls.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, okSchema } from "../console-schemas.js";
import { callParams } from "./call-schemas.js";

export function registerConsoleTakeVideoCallRoute(app: App, services: Services, hub: SignallingHub): void {
  app.post(
    "/video-calls/:call_id/take",
    {
      config: { consoleRole: "reviewer" },
      schema: {
        summary: "Take a waiting video call",
        tags: CONSOLE_TAGS,
        params: callParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, call_id: callId } = request.params;
      const operator = operatorOf(request);
      const call = await auditedChange<{ session_id: string; status: string }>(
        services,
        operator,
        (taken) => ({
          tenantId,
          action: "video_call.take",
          target: taken.session_id,
          data: { call_id: callId, status: taken.status },
        }),
        (tx) => takeCall(tx, { tenantId, callId }, operator.operatorId),
      );
      if (call.status === "abandoned") {
        throw new AppError("conflict", {
          detail: "session_closed",
          message: "The session closed while the applicant waited; the call was abandoned.",
        });
      }
      hub.send(callId, "applicant", { type: "status", status: "ringing" });
      return { ok: true as const };
    },
  );
}
