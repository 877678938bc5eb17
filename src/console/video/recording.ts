// The call's recording, made in the agent's browser (MediaRecorder, WebM) and uploaded as it runs:
//   PUT  …/video-calls/:call_id/recording/chunks/:index  (Content-Type: video/webm; one timeslice, 0-based)
//   POST …/video-calls/:call_id/recording/finish {chunks} (after the call ended: how many slices there are)
// The server joins the slices in order once all are there (recording_status ready), or marks the recording
// failed when they do not arrive within VIDEO_RECORDING_TIMEOUT_S of the call's end (the sweep).
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import {
  finishRecording,
  MAX_CHUNK_BYTES,
  MAX_CHUNKS,
  saveRecordingChunk,
} from "../../verify/video/call-evidence.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, okSchema } from "../console-schemas.js";
import { callParams } from "./call-schemas.js";

export function registerConsoleVideoRecordingRoutes(app: App, services: Services): void {
  app.addContentTypeParser(
    "video/webm",
    { parseAs: "buffer", bodyLimit: MAX_CHUNK_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.put(
    "/video-calls/:call_id/recording/chunks/:index",
    {
      config: { consoleRole: "reviewer" },
      bodyLimit: MAX_CHUNK_BYTES,
      schema: {
        summary: "Upload one slice of the call's recording",
        tags: CONSOLE_TAGS,
        params: callParams.extend({
          index: z.coerce
            .number()
            .int()
            .min(0)
            .max(MAX_CHUNKS - 1),
        }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, call_id: callId, index } = request.params;
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await saveRecordingChunk(services, { tenantId, callId }, index, bytes, operatorOf(request).operatorId);
      return { ok: true as const };
    },
  );
  app.post(
    "/video-calls/:call_id/recording/finish",
    {
      config: { consoleRole: "reviewer" },
      schema: {
        summary: "Say how many slices the finished recording has",
        tags: CONSOLE_TAGS,
        params: callParams,
        body: z.object({ chunks: z.number().int().min(0).max(MAX_CHUNKS) }),
        response: { 200: z.object({ recording_status: z.enum(["pending", "ready", "failed"]).nullable() }) },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, call_id: callId } = request.params;
      const status = await finishRecording(
        services,
        { tenantId, callId },
        request.body.chunks,
        operatorOf(request).operatorId,
      );
      return { recording_status: status as "pending" | "ready" | "failed" | null };
    },
  );
}
