// Routes that take no API key: process health, the applicant API (authorised by the session token) and
// the hosted applicant pages.
import { sql } from "kysely";
import { registerConsoleApi } from "./console/routes.js";
import { registerHostedApplicationRoutes } from "./partner/applicant/routes.js";
import type { App } from "./platform/http/app.js";
import type { Services } from "./services.js";
import { registerApplicantRoutes } from "./verify/applicant/routes.js";
import { verifyLinkExists } from "./verify/applicant/verify-link.js";
import { registerWebApp } from "./web/serve-web-app.js";

export function registerPublicRoutes(app: App, services: Services): void {
  app.get("/healthz", { schema: { hide: true } }, async () => {
    await sql`SELECT 1`.execute(services.db);
    return { ok: true, database: services.database.kind };
  });
  registerApplicantRoutes(app, services);
  registerHostedApplicationRoutes(app, services);
  registerWebApp(app, { verifyLinkExists: (token) => verifyLinkExists(services, token) });
  registerConsoleApi(app, services);
}
