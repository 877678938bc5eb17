// POST /console/api/tenants/:tenant_id/workflows/:workflow_id/status {status}: draft, live or archived (the
// default must stay live).
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { setWorkflowStatus } from "../../verify/workflows/workflows.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, okSchema, tenantParams } from "../console-schemas.js";
import { requireWorkflowOf } from "./require-workflow.js";

export const workflowParams = tenantParams.extend({ workflow_id: z.string().describe("The workflow id.") });

export function registerConsoleSetWorkflowStatusRoute(app: App, services: Services): void {
  app.post(
    "/workflows/:workflow_id/status",
    {
      schema: {
        summary: "Set a workflow's status",
        tags: CONSOLE_TAGS,
        params: workflowParams,
        body: z.object({
          status: z.enum(["draft", "live", "archived"]).describe("Only live workflows start sessions."),
        }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, workflow_id: workflowId } = request.params;
      const { status } = request.body;
      await auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "workflow.status", target: workflowId, data: { status } },
        async (tx) => {
          await requireWorkflowOf(tx, tenantId, workflowId);
          await setWorkflowStatus(tx, tenantId, workflowId, status);
        },
      );
      return { ok: true as const };
    },
  );
}
