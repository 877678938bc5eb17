// The operator console API under /console/api (design: the console offers the CLI's commands through its own
// API). Every route is registered here (style habit 1); all but login need an operator bearer token, and the
// tenant-scoped ones answer 404 for an unknown tenant before their handler runs.
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { App } from "../platform/http/app.js";
import { getTenant } from "../platform/tenants/tenants.js";
import type { Services } from "../services.js";
import { registerConsoleAmlStatusRoute } from "./aml/status.js";
import { registerConsoleGetBrandingRoute } from "./branding/get.js";
import { registerConsoleSetBrandingRoute } from "./branding/set.js";
import { addConsoleAuthHook } from "./console-auth.js";
import { CONSOLE_API_PREFIX } from "./console-paths.js";
import { registerConsoleCreateFlowRoute } from "./flows/create.js";
import { registerConsoleGetHostedUrlTtlRoute } from "./flows/get-hosted-url-ttl.js";
import { registerConsoleListFlowsRoute } from "./flows/list.js";
import { registerConsoleSetHostedUrlTtlRoute } from "./flows/set-hosted-url-ttl.js";
import { registerConsoleUpdateFlowRoute } from "./flows/update.js";
import { registerConsoleCreateKeyRoute } from "./keys/create.js";
import { registerConsoleListKeysRoute } from "./keys/list.js";
import { registerConsoleRevokeKeyRoute } from "./keys/revoke.js";
import { registerConsoleRotateKeysRoute } from "./keys/rotate-all.js";
import { registerConsoleListLensRoute } from "./lens/list.js";
import { registerConsoleSetLensRoute } from "./lens/set.js";
import { registerLoginRoute } from "./login.js";
import { registerLogoutRoute } from "./logout.js";
import { registerConsoleGetMediaRoute } from "./media/get.js";
import { registerConsoleReviewQueueRoute } from "./queue/list.js";
import { registerConsoleListRegistryConnectorsRoute } from "./registry/list.js";
import { registerConsoleRemoveRegistryConnectorRoutes } from "./registry/remove.js";
import { registerConsoleSetRegistryConnectorRoute } from "./registry/set.js";
import { registerConsoleSessionActivityRoute } from "./sessions/activity.js";
import { registerConsoleAddSessionNoteRoute } from "./sessions/add-note.js";
import { registerConsoleCreateLinkRoute } from "./sessions/create-link.js";
import { registerConsoleSessionEvidenceRoute } from "./sessions/evidence.js";
import { registerConsoleGetSessionRoute } from "./sessions/get.js";
import { registerConsoleListSessionsRoute } from "./sessions/list.js";
import { registerConsoleRequestResubmissionRoute } from "./sessions/request-resubmission.js";
import { registerConsoleRerunChecksRoute } from "./sessions/rerun-checks.js";
import { registerConsoleReviewSessionRoute } from "./sessions/review.js";
import { registerMeRoute, registerSignInRoute } from "./sign-in.js";
import { registerConsoleAmlThresholdRoutes } from "./tenants/aml-threshold.js";
import { registerConsoleCreateTenantRoute } from "./tenants/create.js";
import { registerConsoleListTenantsRoute } from "./tenants/list.js";
import { registerConsoleSetFeaturesRoutes } from "./tenants/set-features.js";
import { registerConsoleSetTenantStatusRoutes } from "./tenants/set-status.js";
import { registerConsoleSetWebhookUrlRoute } from "./tenants/set-webhook-url.js";
import { registerConsoleTopUpRoute } from "./tenants/top-up.js";
import { registerConsoleEnableWebhookEndpointRoute } from "./webhooks/enable-endpoint.js";
import { registerConsoleGetWebhookEndpointStatusRoute } from "./webhooks/get-endpoint-status.js";
import { registerConsoleListWebhookAttemptsRoute } from "./webhooks/list-attempts.js";
import { registerConsoleListWebhookEventsRoute } from "./webhooks/list-events.js";
import { registerConsoleResendWebhookEventRoute } from "./webhooks/resend-event.js";
import { registerConsoleCreateWorkflowRoute } from "./workflows/create.js";
import { registerConsoleListWorkflowsRoute } from "./workflows/list.js";
import { registerConsoleSetDefaultWorkflowRoute } from "./workflows/set-default.js";
import { registerConsoleSetWorkflowStatusRoute } from "./workflows/set-status.js";

function registerTenantRoutes(app: App, services: Services): void {
  registerConsoleSetTenantStatusRoutes(app, services);
  registerConsoleListKeysRoute(app, services);
  registerConsoleCreateKeyRoute(app, services);
  registerConsoleRevokeKeyRoute(app, services);
  registerConsoleRotateKeysRoute(app, services);
  registerConsoleTopUpRoute(app, services);
  registerConsoleSetFeaturesRoutes(app, services);
  registerConsoleSetWebhookUrlRoute(app, services);
  registerConsoleListSessionsRoute(app, services);
  registerConsoleGetSessionRoute(app, services);
  registerConsoleReviewSessionRoute(app, services);
  registerConsoleSessionEvidenceRoute(app, services);
  registerConsoleSessionActivityRoute(app, services);
  registerConsoleAddSessionNoteRoute(app, services);
  registerConsoleRequestResubmissionRoute(app, services);
  registerConsoleCreateLinkRoute(app, services);
  registerConsoleRerunChecksRoute(app, services);
  registerConsoleGetMediaRoute(app, services);
  registerConsoleListWebhookEventsRoute(app, services);
  registerConsoleListWebhookAttemptsRoute(app, services);
  registerConsoleResendWebhookEventRoute(app, services);
  registerConsoleGetWebhookEndpointStatusRoute(app, services);
  registerConsoleEnableWebhookEndpointRoute(app, services);
  registerConsoleListWorkflowsRoute(app, services);
  registerConsoleCreateWorkflowRoute(app, services);
  registerConsoleSetWorkflowStatusRoute(app, services);
  registerConsoleSetDefaultWorkflowRoute(app, services);
  registerConsoleListFlowsRoute(app, services);
  registerConsoleCreateFlowRoute(app, services);
  registerConsoleUpdateFlowRoute(app, services);
  registerConsoleGetHostedUrlTtlRoute(app, services);
  registerConsoleSetHostedUrlTtlRoute(app, services);
  registerConsoleGetBrandingRoute(app, services);
  registerConsoleSetBrandingRoute(app, services);
  registerConsoleListLensRoute(app, services);
  registerConsoleSetLensRoute(app, services);
  registerConsoleAmlThresholdRoutes(app, services);
  registerConsoleListRegistryConnectorsRoute(app, services);
  registerConsoleSetRegistryConnectorRoute(app, services);
  registerConsoleRemoveRegistryConnectorRoutes(app, services);
}

function registerOperatorRoutes(app: App, services: Services): void {
  registerLogoutRoute(app, services);
  registerMeRoute(app);
  registerConsoleReviewQueueRoute(app, services);
  registerConsoleListTenantsRoute(app, services);
  registerConsoleCreateTenantRoute(app, services);
  registerConsoleAmlStatusRoute(app, services);
}

export function registerConsoleApi(app: App, services: Services): void {
  void app.register(
    async (consoleScope) => {
      const scope = consoleScope.withTypeProvider<ZodTypeProvider>() as App;
      registerLoginRoute(scope, services);
      registerSignInRoute(scope, services);
      await scope.register(async (authedScope) => {
        const authed = authedScope.withTypeProvider<ZodTypeProvider>() as App;
        addConsoleAuthHook(authed, services);
        registerOperatorRoutes(authed, services);
        await authed.register(
          async (tenantScope) => {
            const tenant = tenantScope.withTypeProvider<ZodTypeProvider>() as App;
            tenant.addHook("preHandler", async (request) => {
              // Unknown and malformed tenant ids: 404 "not_found", like any missing resource.
              await getTenant(services.db, (request.params as { tenant_id: string }).tenant_id);
            });
            registerTenantRoutes(tenant, services);
          },
          { prefix: "/tenants/:tenant_id" },
        );
      });
    },
    { prefix: CONSOLE_API_PREFIX },
  );
}
