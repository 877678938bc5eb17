// Routes that take no API key: process health and the applicant API (authorised by the session token).
import { sql } from "kysely";
import { registerHostedApplicationRoutes } from "./partner/applicant/routes.js";
import type { App } from "./platform/http/app.js";
import type { Services } from "./services.js";
import { registerApplicantRoutes } from "./verify/applicant/routes.js";

export function registerPublicRoutes(app: App, services: Services): void {
  app.get("/healthz", { schema: { hide: true } }, async () => {
    await sql`SELECT 1`.execute(services.db);
    return { ok: true, database: services.database.kind };
  });
  registerApplicantRoutes(app, services);
  registerHostedApplicationRoutes(app, services);
}
