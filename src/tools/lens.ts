// POST /v3/tools/lens/{service}/ (spec: tools — body image_base64; metered only when LENS_<SERVICE> has an
// explicit rate; the upstream payload is returned as is).
import { z } from "zod";
import { type App, tenantOf } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { forwardToLens } from "./lens/forward-to-lens.js";
import { STANDARD_LENS_SERVICES } from "./lens/lens-services.js";
import { imageField } from "./tool-schemas.js";

const params = z.object({
  service: z
    .string()
    .max(100)
    .describe(
      `One of ${STANDARD_LENS_SERVICES.join(", ")}, or an identity/insurance service registered for the account.`,
    ),
});

const body = z.object({ image_base64: imageField("image", "The photo to analyse") });

export function registerLensRoute(app: App, services: Services): void {
  app.post(
    "/tools/lens/:service/",
    {
      config: { rateBucket: "kyc_v3_tools" },
      schema: {
        summary: "Analyse a photo with a lens service",
        description:
          "The image is forwarded as JSON {image_base64} to the upstream an operator registered for this " +
          "account (`kyc lens set`), with its registered headers, and a 2xx answer is returned as is (same " +
          "body, same content type). 404 {detail: invalid_lens_service, allowed: [...]} for an unknown name; " +
          "403 lens_service_not_enabled when the account has no enabled upstream for it; 502 upstream_failed " +
          "when the upstream fails, times out (LENS_TIMEOUT_MS) or answers non-2xx. Charged (ledger reason " +
          "tool_usage, feature LENS_<SERVICE>, dashes as underscores) only when that key has an explicit rate.",
        tags: ["tools"],
        params,
        body,
      },
    },
    async (request, reply) => {
      const answer = await forwardToLens(
        services,
        tenantOf(request).tenantId,
        request.params.service,
        request.body.image_base64,
      );
      return reply
        .status(200)
        .type(answer.contentType ?? "application/octet-stream")
        .send(answer.body);
    },
  );
}
