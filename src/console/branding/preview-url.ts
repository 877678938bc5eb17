// GET /console/api/branding/preview-url: where the console's live branding preview frames the hosted page
// (`{flow_url}/preview/branding`, which lets base_url frame it and reads the branding from its URL fragment).
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { CONSOLE_TAGS } from "../console-schemas.js";

export function registerConsoleBrandingPreviewUrlRoute(app: App, services: Services): void {
  app.get(
    "/branding/preview-url",
    {
      schema: {
        summary: "Branding preview page",
        tags: CONSOLE_TAGS,
        response: { 200: z.object({ url: z.string().describe("The hosted page's preview address.") }) },
      },
    },
    async () => ({ url: `${services.config.flowUrl}/preview/branding` }),
  );
}
