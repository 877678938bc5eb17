// DELETE /api/v1/lists/{list_id}/entries/{entry_id}/ (spec: {ok: true}; 404 for an unknown entry).
import { type App, tenantOf } from "../../../platform/http/app.js";
import type { Services } from "../../../services.js";
import { entryParams, okResponse } from "../../partner-schemas.js";
import { deleteEntry } from "../list-entries.js";

export function registerDeleteEntryRoute(app: App, services: Services): void {
  app.delete(
    "/lists/:list_id/entries/:entry_id/",
    {
      schema: {
        summary: "Delete an entry",
        tags: ["partner lists"],
        params: entryParams,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await deleteEntry(
        services.db,
        tenantOf(request).tenantId,
        request.params.list_id,
        request.params.entry_id,
      );
      return { ok: true as const };
    },
  );
}
