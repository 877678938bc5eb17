// POST /api/v1/lists/check (spec: existence check over active lists that does not reveal which list matched;
// design: body {phone?, email?, identifier?}).
import { z } from "zod";
import { AppError } from "../../platform/errors.js";
import { type App, tenantOf } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { checkRiskLists } from "./check-risk-lists.js";

export function registerCheckRoute(app: App, services: Services): void {
  app.post(
    "/lists/check",
    {
      config: { rateBucket: "partner_read" },
      schema: {
        summary: "Is any of these values on an active risk list?",
        tags: ["partner lists"],
        body: z.object({
          phone: z.string().optional(),
          email: z.string().optional(),
          identifier: z.string().optional(),
        }),
        response: {
          200: z.object({
            ok: z.literal(true),
            matched: z.boolean(),
            action: z.enum(["reject", "manual_review"]).nullable(),
          }),
        },
      },
    },
    async (request) => {
      const { phone, email, identifier } = request.body;
      if (phone === undefined && email === undefined && identifier === undefined) {
        throw new AppError("validation_failed", { message: "Send phone, email or identifier." });
      }
      return checkRiskLists(services.db, tenantOf(request).tenantId, { phone, email, identifier });
    },
  );
}
