// POST /console/api/tenants/:tenant_id/flows (design: `kyc flow create T --name N --workflow W`).
import { z } from "zod";
import { createFlow, type Flow } from "../../partner/flows/flows.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";
import { requireWorkflowOf } from "../workflows/require-workflow.js";
import { flowInputFields, flowSchema } from "./flow-schemas.js";

const body = z.object({
  name: flowInputFields.name,
  workflow_id: flowInputFields.workflow_id,
  is_active: flowInputFields.is_active.optional(),
  form_fields: flowInputFields.form_fields.optional(),
  risk_lists: flowInputFields.risk_lists.optional(),
});

export function registerConsoleCreateFlowRoute(app: App, services: Services): void {
  app.post(
    "/flows",
    {
      schema: {
        summary: "Create a flow",
        tags: CONSOLE_TAGS,
        params: tenantParams,
        body,
        response: { 201: flowSchema },
      },
    },
    async (request, reply) => {
      const tenantId = request.params.tenant_id;
      const input = request.body;
      const flow = await auditedChange<Flow>(
        services,
        operatorOf(request),
        (created) => ({ tenantId, action: "flow.create", target: created.id, data: { name: created.name } }),
        async (tx) => {
          // A flow may only hand applicants to the tenant's own workflow.
          await requireWorkflowOf(tx, tenantId, input.workflow_id);
          return createFlow(tx, tenantId, {
            name: input.name,
            workflowId: input.workflow_id,
            isActive: input.is_active,
            formFields: input.form_fields,
            riskLists: input.risk_lists,
          });
        },
      );
      return reply.status(201).send(flow);
    },
  );
}
