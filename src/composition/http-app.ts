// The HTTP app: the two API surfaces (each with its explicit route list) and the routes that take no API
// key — health, the applicant APIs (authorised by the session token), the hosted pages and the console.
import websocket from "@fastify/websocket";
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
import { registerApplicantVideoSocket } from "../verify/video/applicant-socket.js";
import { SOCKET_MAX_BYTES } from "../verify/video/peer-socket.js";
import { createSignalRelay } from "../verify/video/signal-relay.js";
import { SignallingHub } from "../verify/video/signalling-hub.js";
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

async function registerPublicRoutes(app: App, services: Services): Promise<void> {
  // Video calls' signalling (issue 17): one relay per process for both parties' sockets.
  await app.register(websocket, { options: { maxPayload: SOCKET_MAX_BYTES } });
  // With a PostgreSQL server several API processes may serve one call: signals cross between them over NOTIFY.
  const relay =
    services.database.kind === "postgres"
      ? createSignalRelay(services.database, services.db, app.log)
      : undefined;
  const hub = new SignallingHub(relay);
  if (relay) {
    const stop = await relay.subscribe((envelope) => hub.deliver(envelope));
    app.addHook("onClose", async () => stop());
  }
  const amlHealth = cachedAmlHealth(services);
  registerHealthRoute(app, services.database, async () => ({ aml: await amlHealth() }));
  registerApplicantRoutes(app, services);
  registerApplicantVideoSocket(app, services, hub);
  registerHostedApplicationRoutes(app, services);
  registerWebApp(app, {
    verifyLinkExists: (token) => verifyLinkExists(services, token),
    partnerLinkExists: (token) => partnerLinkExists(services.db, token),
    previewFrameAncestors: [new URL(services.config.publicUrl).origin],
  });
  registerConsoleApi(app, services, hub);
  registerConsoleApp(app);
  registerApiDocs(app);
}

export function listen(app: App, services: Services): Promise<string> {
  return app.listen({ port: services.config.port, host: services.config.host });
}
