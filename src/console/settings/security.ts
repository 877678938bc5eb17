// GET/PUT /console/api/settings/security: whether every operator must use TOTP (admins). Turning it on makes
// operators without TOTP enrol at their next request before anything else.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS } from "../console-schemas.js";
import { isTotpRequired, setTotpRequired } from "../totp/security-settings.js";

const settings = z.object({
  require_totp: z.boolean().describe("Every operator must sign in with a TOTP code."),
});

export function registerConsoleSecuritySettingsRoutes(app: App, services: Services): void {
  app.get(
    "/settings/security",
    { schema: { summary: "Console security settings", tags: CONSOLE_TAGS, response: { 200: settings } } },
    async () => ({ require_totp: await isTotpRequired(services.db) }),
  );
  app.put(
    "/settings/security",
    {
      schema: {
        summary: "Set console security settings",
        tags: CONSOLE_TAGS,
        body: settings,
        response: { 200: settings },
      },
    },
    async (request) => {
      const { require_totp } = request.body;
      await auditedChange(
        services,
        operatorOf(request),
        { tenantId: null, action: "console.require_totp", data: { require_totp } },
        (tx) => setTotpRequired(tx, require_totp),
      );
      return { require_totp };
    },
  );
}
