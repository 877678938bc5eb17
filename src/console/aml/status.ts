// GET /console/api/aml/status (design: `kyc aml status`): stored list entities per source and, when this
// process keeps the screening index, its state.
import { z } from "zod";
import { countAmlEntities } from "../../engines/aml/aml-store.js";
import { amlIndexStatus, isAmlIndexKept } from "../../engines/aml/aml-store-sync.js";
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
            sources: z.array(
              z.object({
                source: z.string(),
                entities: z.number().int(),
                last_loaded_at: z.string().nullable(),
              }),
            ),
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
        sources: counts.sources,
        index: isAmlIndexKept(services) ? await amlIndexStatus(services) : null,
      };
    },
  );
}
