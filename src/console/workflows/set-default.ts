// POST /console/api/tenants/:tenant_id/workflows/:workflow_id/default: makes a live workflow the default.
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { setDefaultWorkflow } from "../../verify/workflows/workflows.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, okSchema } from "../console-schemas.js";
import { workflowParams } from "./set-status.js";

export function registerConsoleSetDefaultWorkflowRoute(app: App, services: Services): void {
  app.post(
    "/workflows/:workflow_id/default",
    {
      schema: {
        summary: "Make a workflow the default",
        description: "The workflow must be live; a missing, foreign or non-live one answers 404.",
        tags: CONSOLE_TAGS,
        params: workflowParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, workflow_id: workflowId } = request.params;
      await auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "workflow.default", target: workflowId },
        (tx) => setDefaultWorkflow(tx, tenantId, workflowId),
      );
      return { ok: true as const };
    },
  );
}
