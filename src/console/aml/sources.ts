// GET /console/api/aml/sources (design: `kyc aml sources`): the list registry — official URL, format,
// licence, whether the service can parse it, whether `kyc aml sync` fetches it by default.
import { z } from "zod";
import { describeSource, listSources } from "../../engines/aml/list-sources.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { CONSOLE_TAGS } from "../console-schemas.js";

const source = z.object({
  key: z.string(),
  title: z.string(),
  url: z.string().nullable(),
  format: z.string(),
  licence: z.string(),
  parsed: z.boolean(),
  note: z.string().optional(),
  default: z.boolean(),
});

export function registerConsoleAmlSourcesRoute(app: App, services: Services): void {
  app.get(
    "/aml/sources",
    { schema: { summary: "AML list sources", tags: CONSOLE_TAGS, response: { 200: z.array(source) } } },
    async () => listSources({ ftmUrl: services.config.amlFtmUrl }).map(describeSource),
  );
}
