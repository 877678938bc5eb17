// POST /console/api/tenants/:tenant_id/risk-lists {name, type, description?, is_active?}: the same rules as
// POST /api/v1/lists/ (name unique per tenant: 409; type phone, email or identifier, fixed at creation).
import { z } from "zod";
import { createRiskList, type RiskList } from "../../partner/lists/risk-lists.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";
import { riskListSchema } from "./risk-list-schemas.js";

export function registerConsoleCreateRiskListRoute(app: App, services: Services): void {
  app.post(
    "/risk-lists",
    {
      schema: {
        summary: "Create a risk list",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        body: z.object({
          name: z.string().describe("Unique per tenant."),
          type: z.enum(["phone", "email", "identifier"]).describe("Immutable."),
          description: z.string().optional(),
          is_active: z.boolean().optional().describe("Default true: flows evaluate it."),
        }),
        response: { 201: riskListSchema },
      },
    },
    async (request, reply) => {
      const tenantId = request.params.tenant_id;
      const list = await auditedChange<RiskList>(
        services,
        operatorOf(request),
        (created) => ({
          tenantId,
          action: "risk_list.create",
          target: created.id,
          data: { name: created.name },
        }),
        (tx) => createRiskList(tx, tenantId, request.body),
      );
      return reply.status(201).send(list);
    },
  );
}
