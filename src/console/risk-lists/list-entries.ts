// GET /console/api/tenants/:tenant_id/risk-lists/:list_id/entries?q=&page=&page_size=: newest first.
import { z } from "zod";
import { listEntries } from "../../partner/lists/list-entries.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { CONSOLE_TAGS } from "../console-schemas.js";
import { entrySchema, listParams } from "./risk-list-schemas.js";

export function registerConsoleListRiskListEntriesRoute(app: App, services: Services): void {
  app.get(
    "/risk-lists/:list_id/entries",
    {
      schema: {
        summary: "Entries of a risk list",
        tags: CONSOLE_TAGS,
        params: listParams,
        querystring: z.object({
          q: z.string().optional().describe("Substring of the value or comment."),
          page: z.string().optional().describe("Default 1."),
          page_size: z.string().optional().describe("Default 100, max 500."),
        }),
        response: {
          200: z.object({
            total: z.number().int(),
            page: z.number().int(),
            page_size: z.number().int(),
            entries: z.array(entrySchema),
          }),
        },
      },
    },
    async (request) =>
      listEntries(services.db, request.params.tenant_id, request.params.list_id, request.query),
  );
}
