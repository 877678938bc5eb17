// GET /console/api/tenants/:tenant_id/video-calls/:call_id: the call as the agent's page follows it (status,
// whether the applicant is connected, screenshots and the recording through the console's media route).

import { AppError } from "../../platform/errors.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import type { SignallingHub } from "../../verify/video/signalling-hub.js";
import { findCall } from "../../verify/video/video-calls.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS } from "../console-schemas.js";
import { callParams, callSchema } from "./call-schemas.js";

export function registerConsoleGetVideoCallRoute(app: App, services: Services, hub: SignallingHub): void {
  app.get(
    "/video-calls/:call_id",
    {
      config: { consoleRole: "reviewer" },
      schema: {
        summary: "A video call, for the agent's call page",
        tags: CONSOLE_TAGS,
        params: callParams,
        response: { 200: callSchema },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, call_id: callId } = request.params;
      const call = await findCall(services.db, { tenantId, callId });
      if (!call) throw new AppError("not_found", { detail: "not_found", message: "No such video call." });
      const shots = await services.db
        .selectFrom("video_call_screenshots")
        .select(["label", "captured_at", "path"])
        .where("call_id", "=", call.id)
        .orderBy("captured_at")
        .execute();
      const media = (path: string) => `/console/api/tenants/${tenantId}/media/${path}`;
      return {
        id: call.id,
        session_id: call.session_id,
        status: call.status,
        verdict: call.verdict,
        verdict_reason: call.verdict_reason,
        taken_by_me: call.operator_id === operatorOf(request).operatorId,
        applicant_present: hub.isPresent(call.id, "applicant"),
        recording_status: call.recording_status,
        recording_url:
          call.recording_status === "ready" && call.recording_path ? media(call.recording_path) : null,
        screenshots: shots.map((shot) => ({
          label: shot.label,
          captured_at: shot.captured_at.toISOString(),
          url: media(shot.path),
        })),
        ice_servers: services.config.video.iceServers,
      };
    },
  );
}
