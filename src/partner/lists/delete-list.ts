// DELETE /api/v1/lists/{list_id}/ (spec: deletes the list and all its entries).
import { type App, tenantOf } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { listParams, okResponse } from "../partner-schemas.js";
import { deleteRiskList } from "./risk-lists.js";

export function registerDeleteListRoute(app: App, services: Services): void {
  app.delete(
    "/lists/:list_id/",
    {
      schema: {
        summary: "Delete a risk list and its entries",
        tags: ["partner lists"],
        params: listParams,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await deleteRiskList(services.db, tenantOf(request).tenantId, request.params.list_id);
      return { ok: true as const };
    },
  );
}
