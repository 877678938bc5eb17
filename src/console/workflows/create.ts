// POST /console/api/tenants/:tenant_id/workflows: the same definition `kyc workflow create --file` reads,
// validated by createWorkflow (unknown features and bad node configs are refused with a message).
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { createWorkflow } from "../../verify/workflows/workflows.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";

const body = z.object({
  definition: z
    .record(z.string(), z.unknown())
    .describe(
      "A workflow file's content: {name, status?, nodes: [{id?, feature, enabled?, config?}], branding?}.",
    ),
  make_default: z.boolean().default(false).describe("Make it the tenant's default (it must be live)."),
});

export function registerConsoleCreateWorkflowRoute(app: App, services: Services): void {
  app.post(
    "/workflows",
    {
      schema: {
        summary: "Create a workflow",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        body,
        response: { 201: z.object({ id: z.string() }) },
      },
    },
    async (request, reply) => {
      // createWorkflow writes its audit row in its own transaction, with the operator as actor.
      const created = await createWorkflow(services.db, request.params.tenant_id, request.body.definition, {
        makeDefault: request.body.make_default,
        actor: operatorOf(request).actor,
      });
      return reply.status(201).send(created);
    },
  );
}
