// PUT /console/api/tenants/:tenant_id/workflows/:workflow_id/branding: the workflow's own hosted-flow branding
// (spec: rule 5), validated by the hosted flow's schema; its keys win over the tenant's for this workflow.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import type { Branding } from "../../verify/applicant/branding.js";
import { setWorkflowBranding } from "../../verify/workflows/edit-workflow.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS } from "../console-schemas.js";
import { workflowParams } from "./set-status.js";

export function registerConsoleSetWorkflowBrandingRoute(app: App, services: Services): void {
  app.put(
    "/workflows/:workflow_id/branding",
    {
      schema: {
        summary: "Set a workflow's branding",
        description: "The same keys as the tenant branding; {} clears the workflow's overrides.",
        tags: CONSOLE_TAGS,
        params: workflowParams,
        body: z.record(z.string(), z.unknown()).describe("The whole workflow branding object."),
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, workflow_id: workflowId } = request.params;
      return auditedChange<Branding>(
        services,
        operatorOf(request),
        (branding) => ({
          tenantId,
          action: "workflow.branding",
          target: workflowId,
          data: { keys: Object.keys(branding) },
        }),
        (tx) => setWorkflowBranding(tx, tenantId, workflowId, request.body),
      );
    },
  );
}
