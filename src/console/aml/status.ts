// GET /console/api/aml/status (design: `kyc aml status`): stored list entities per source and, when this
// process keeps the screening index, its state.
import { z } from "zod";
import { countAmlEntities } from "../../engines/aml/aml-store.js";
import { amlIndexStatus, isAmlIndexKept } from "../../engines/aml/aml-store-sync.js";
import { readListAges } from "../../engines/aml/list-state.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { CONSOLE_TAGS } from "../console-schemas.js";

export function registerConsoleAmlStatusRoute(app: App, services: Services): void {
  app.get(
    "/aml/status",
    {
      schema: {
        summary: "AML lists status",
        tags: CONSOLE_TAGS,
        response: {
          200: z.object({
            entities: z.number().int(),
            max_list_age_hours: z.number().describe("AML_MAX_LIST_AGE_HOURS: older lists are stale."),
            sources: z.array(
              z.object({
                source: z.string(),
                entities: z.number().int(),
                last_loaded_at: z.string().nullable(),
              }),
            ),
            lists: z
              .array(
                z.object({
                  source: z.string(),
                  origin: z.enum(["snapshot", "sync", "file"]),
                  entities: z.number().int(),
                  as_of: z.string().describe("When the list was last known current."),
                  age_hours: z.number(),
                  stale: z.boolean().describe("Older than AML_MAX_LIST_AGE_HOURS (default 48)."),
                  last_error: z.string().nullable().describe("The last failed sync, if any."),
                }),
              )
              .describe("Per stored list: where it came from and how old it is."),
            index: z
              .object({
                provider: z.enum(["builtin", "yente"]),
                ready: z.boolean(),
                building: z.boolean(),
                indexed_entities: z.number().int(),
              })
              .nullable()
              .describe("null when this process does not keep the index."),
          }),
        },
      },
    },
    async () => {
      const counts = await countAmlEntities(services.db);
      return {
        entities: counts.total,
        max_list_age_hours: services.config.amlMaxListAgeHours,
        sources: counts.sources,
        lists: await readListAges(services.db, services.config.amlMaxListAgeHours),
        index: isAmlIndexKept(services) ? await amlIndexStatus(services) : null,
      };
    },
  );
}
