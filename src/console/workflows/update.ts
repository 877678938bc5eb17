// PUT /console/api/tenants/:tenant_id/workflows/:workflow_id {name, nodes}: edits a workflow's nodes, each
// node's config validated by the module that runs it (parseWorkflowDefinition, as `kyc workflow create`).
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { updateWorkflowNodes } from "../../verify/workflows/edit-workflow.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS } from "../console-schemas.js";
import { workflowParams } from "./set-status.js";

const body = z.object({
  name: z.string().describe("Shown to operators and in usage reports."),
  nodes: z
    .array(z.unknown())
    .describe(
      "[{id?, feature, enabled?, config?}] in graph order; the same shape as a workflow file's nodes.",
    ),
});

export function registerConsoleUpdateWorkflowRoute(app: App, services: Services): void {
  app.put(
    "/workflows/:workflow_id",
    {
      schema: {
        summary: "Edit a workflow's nodes",
        description:
          "Validated as `kyc workflow create --file` validates a file: a refusal is a 400 whose detail names " +
          "the node (`nodes.<index>: …`). The status is unchanged; archived workflows are refused. Sessions " +
          "already created keep the nodes they started with.",
        tags: CONSOLE_TAGS,
        params: workflowParams,
        body,
        response: {
          200: z.object({
            id: z.string(),
            nodes: z.array(z.unknown()).describe("The nodes as stored, module defaults filled in."),
          }),
        },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, workflow_id: workflowId } = request.params;
      return auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "workflow.update", target: workflowId, data: { name: request.body.name } },
        (tx) => updateWorkflowNodes(tx, tenantId, workflowId, request.body),
      );
    },
  );
}
