// The HTTP app: the two API surfaces (each with its explicit route list) and the routes that take no API
// key — health, the applicant APIs (authorised by the session token), the hosted pages and the console.
import { registerConsoleApi } from "../console/routes.js";
import { registerConsoleApp } from "../console/serve-console-app.js";
import { cachedAmlHealth } from "../engines/aml/aml-health.js";
import { partnerLinkExists } from "../partner/applicant/partner-link.js";
import { registerHostedApplicationRoutes } from "../partner/applicant/routes.js";
import { partnerSurface } from "../partner/routes.js";
import { type App, buildApp } from "../platform/http/app.js";
import { registerHealthRoute } from "../platform/http/health.js";
import type { Services } from "../services.js";
import { registerApplicantRoutes } from "../verify/applicant/routes.js";
import { verifyLinkExists } from "../verify/applicant/verify-link.js";
import { verifySurface } from "../verify/routes.js";
import { registerApiDocs } from "../web/serve-api-docs.js";
import { registerWebApp } from "../web/serve-web-app.js";
import { openApiWebhooks } from "./openapi-webhooks.js";

export function createHttpApp(services: Services, options: { logger?: boolean } = {}): Promise<App> {
  return buildApp(services, {
    surfaces: [verifySurface, partnerSurface],
    publicRoutes: registerPublicRoutes,
    logger: options.logger,
    openApi: openApiWebhooks(),
  });
}

function registerPublicRoutes(app: App, services: Services): void {
  const amlHealth = cachedAmlHealth(services);
  registerHealthRoute(app, services.database, async () => ({ aml: await amlHealth() }));
  registerApplicantRoutes(app, services);
  registerHostedApplicationRoutes(app, services);
  registerWebApp(app, {
    verifyLinkExists: (token) => verifyLinkExists(services, token),
    partnerLinkExists: (token) => partnerLinkExists(services.db, token),
    previewFrameAncestors: [new URL(services.config.publicUrl).origin],
  });
  registerConsoleApi(app, services);
  registerConsoleApp(app);
  registerApiDocs(app);
}

export function listen(app: App, services: Services): Promise<string> {
  return app.listen({ port: services.config.port, host: services.config.host });
}
