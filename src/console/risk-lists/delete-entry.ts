// DELETE /console/api/tenants/:tenant_id/risk-lists/:list_id/entries/:entry_id.
import { deleteEntry } from "../../partner/lists/list-entries.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, okSchema } from "../console-schemas.js";
import { entryParams } from "./risk-list-schemas.js";

export function registerConsoleDeleteRiskListEntryRoute(app: App, services: Services): void {
  app.delete(
    "/risk-lists/:list_id/entries/:entry_id",
    {
      schema: {
        summary: "Delete a risk-list entry",
        tags: CONSOLE_TAGS,
        params: entryParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, list_id: listId, entry_id: entryId } = request.params;
      await auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "risk_list.entry_delete", target: listId, data: { entry_id: entryId } },
        (tx) => deleteEntry(tx, tenantId, listId, entryId),
      );
      return { ok: true as const };
    },
  );
}
