// POST /api/v1/lists/ (spec: Partner surface — create a risk list; 409 with the existing id on a taken name).
import { z } from "zod";
import { type App, tenantOf } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { riskListResponse } from "../partner-schemas.js";
import { createRiskList } from "./risk-lists.js";

export function registerCreateListRoute(app: App, services: Services): void {
  app.post(
    "/lists/",
    {
      schema: {
        summary: "Create a risk list",
        tags: ["partner lists"],
        body: z.object({
          name: z.string().optional().describe("Required, unique per tenant."),
          type: z.string().optional().describe("phone (default), email or identifier; immutable."),
          description: z.string().optional(),
          is_active: z.boolean().optional().describe("Default true."),
        }),
        response: { 201: riskListResponse },
      },
    },
    async (request, reply) => {
      const list = await createRiskList(services.db, tenantOf(request).tenantId, request.body);
      return reply.status(201).send({ ok: true as const, list });
    },
  );
}
