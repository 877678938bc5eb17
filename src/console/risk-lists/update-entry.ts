// PATCH /console/api/tenants/:tenant_id/risk-lists/:list_id/entries/:entry_id {value?, comment?}: 409 when the
// new value collides with another entry.
import { z } from "zod";
import { updateEntry } from "../../partner/lists/list-entries.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS } from "../console-schemas.js";
import { entryParams, entrySchema } from "./risk-list-schemas.js";

export function registerConsoleUpdateRiskListEntryRoute(app: App, services: Services): void {
  app.patch(
    "/risk-lists/:list_id/entries/:entry_id",
    {
      schema: {
        summary: "Update a risk-list entry",
        tags: CONSOLE_TAGS,
        params: entryParams,
        body: z.object({ value: z.string().optional(), comment: z.string().optional() }),
        response: { 200: entrySchema },
      },
    },
    async (request) => {
      const { tenant_id: tenantId, list_id: listId, entry_id: entryId } = request.params;
      return auditedChange(
        services,
        operatorOf(request),
        { tenantId, action: "risk_list.entry_update", target: listId, data: { entry_id: entryId } },
        (tx) => updateEntry(tx, tenantId, listId, entryId, request.body),
      );
    },
  );
}
