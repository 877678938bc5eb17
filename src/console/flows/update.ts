// PATCH /console/api/tenants/:tenant_id/flows/:flow_id: active flag, workflow, form fields, risk lists.
import { z } from "zod";
import { updateFlow } from "../../partner/flows/flows.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, tenantParams } from "../console-schemas.js";
import { requireWorkflowOf } from "../workflows/require-workflow.js";
import { flowInputFields, flowSchema } from "./flow-schemas.js";

const body = z.object({
  name: flowInputFields.name.optional(),
  workflow_id: flowInputFields.workflow_id.optional(),
  is_active: flowInputFields.is_active.optional(),
  form_fields: flowInputFields.form_fields.optional(),
  risk_lists: flowInputFields.risk_lists.optional(),
});

export function registerConsoleUpdateFlowRoute(app: App, services: Services): void {
  app.patch(
    "/flows/:flow_id",
    {
      schema: {
        summary: "Update a flow",
        description: "Only the fields sent change; risk_lists replaces the whole set.",
        tags: CONSOLE_TAGS,
        params: tenantParams.extend({ flow_id: z.string().describe("The flow id.") }),
        body,
        response: { 200: flowSchema },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, flow_id: flowId } = request.params;
      const input = request.body;
      return auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "flow.update", target: flowId, data: { fields: Object.keys(input) } },
        async (tx) => {
          if (input.workflow_id !== undefined) await requireWorkflowOf(tx, tenantId, input.workflow_id);
          return updateFlow(tx, tenantId, flowId, {
            name: input.name,
            workflowId: input.workflow_id,
            isActive: input.is_active,
            formFields: input.form_fields,
            riskLists: input.risk_lists,
          });
        },
      );
    },
  );
}
