// DELETE /console/api/tenants/:tenant_id/risk-lists/:list_id: the list, its entries and its flow links.
import { deleteRiskList } from "../../partner/lists/risk-lists.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, okSchema } from "../console-schemas.js";
import { listParams } from "./risk-list-schemas.js";

export function registerConsoleDeleteRiskListRoute(app: App, services: Services): void {
  app.delete(
    "/risk-lists/:list_id",
    {
      schema: {
        summary: "Delete a risk list",
        tags: CONSOLE_TAGS,
        params: listParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, list_id: listId } = request.params;
      await auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "risk_list.delete", target: listId },
        (tx) => deleteRiskList(tx, tenantId, listId),
      );
      return { ok: true as const };
    },
  );
}
