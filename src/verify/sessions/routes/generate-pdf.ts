import { type App, tenantOf } from "../../../platform/http/app.js";
import type { Services } from "../../../services.js";
import { generateSessionPdf } from "../session-pdf.js";
import { sessionIdParams } from "../session-schemas.js";

export function registerGeneratePdfRoute(app: App, services: Services): void {
  app.get(
    "/session/:session_id/generate-pdf",
    {
      config: { rateBucket: "kyc_v3_read" },
      schema: {
        summary: "Verification report as a PDF attachment",
        tags: ["sessions"],
        params: sessionIdParams,
      },
    },
    async (request, reply) => {
      const { sessionId, pdf } = await generateSessionPdf(
        services,
        tenantOf(request).tenantId,
        request.params.session_id,
      );
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="verification-${sessionId}.pdf"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );
}
