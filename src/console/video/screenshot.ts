// POST /console/api/tenants/:tenant_id/video-calls/:call_id/screenshots {label, image}: a labelled still of the
// live call (document_front, document_back, face) the agent's page grabbed from the applicant's video, as a
// JPEG or PNG data: URI or base64. Stored as session evidence; decision_v3 lists it under the call.
import { z } from "zod";
import { AppError } from "../../platform/errors.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { saveScreenshot } from "../../verify/video/call-evidence.js";
import { SCREENSHOT_LABELS } from "../../verify/video/video-tables.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS } from "../console-schemas.js";
import { callParams } from "./call-schemas.js";

const body = z.object({
  label: z.enum(SCREENSHOT_LABELS),
  image: z
    .string()
    .min(1)
    .max(12 * 1024 * 1024),
});

export function registerConsoleVideoScreenshotRoute(app: App, services: Services): void {
  app.post(
    "/video-calls/:call_id/screenshots",
    {
      config: { consoleRole: "reviewer" },
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        summary: "Take a labelled screenshot of the call",
        tags: CONSOLE_TAGS,
        params: callParams,
        body,
        response: { 200: z.object({ id: z.string() }) },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, call_id: callId } = request.params;
      const base64 = request.body.image.replace(/^data:image\/(png|jpeg);base64,/, "");
      const bytes = Buffer.from(base64, "base64");
      if (bytes.length === 0) {
        throw new AppError("invalid_image", {
          detail: "invalid_image",
          message: "Send a JPEG or PNG image.",
        });
      }
      const saved = await saveScreenshot(
        services,
        { tenantId, callId },
        { label: request.body.label, bytes, operatorId: operatorOf(request).operatorId },
      );
      return { id: saved.id };
    },
  );
}
