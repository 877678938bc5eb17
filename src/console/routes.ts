// The operator console API under /console/api (design: the console offers the CLI's commands through its own
// API). Every route is registered here (style habit 1); all but login need an operator bearer token, and the
// tenant-scoped ones answer 404 for an unknown tenant before their handler runs.
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { App } from "../platform/http/app.js";
import { getTenant } from "../platform/tenants/tenants.js";
import type { Services } from "../services.js";
import type { SignallingHub } from "../verify/video/signalling-hub.js";
import { registerConsoleAmlSourcesRoute } from "./aml/sources.js";
import { registerConsoleAmlStatusRoute } from "./aml/status.js";
import { registerConsoleAuditLogRoute } from "./audit/list.js";
import { registerConsoleGetBrandingRoute } from "./branding/get.js";
import { registerConsoleBrandingPreviewUrlRoute } from "./branding/preview-url.js";
import { registerConsoleSetBrandingRoute } from "./branding/set.js";
import { addConsoleAuthHook } from "./console-auth.js";
import { CONSOLE_API_PREFIX } from "./console-paths.js";
import { registerConsoleCreditLedgerRoute } from "./credits/ledger.js";
import { registerConsoleCreditUsageRoute } from "./credits/usage.js";
import { registerConsoleCreateFlowRoute } from "./flows/create.js";
import { registerConsoleGetHostedUrlTtlRoute } from "./flows/get-hosted-url-ttl.js";
import { registerConsoleListFlowsRoute } from "./flows/list.js";
import { registerConsoleSetHostedUrlTtlRoute } from "./flows/set-hosted-url-ttl.js";
import { registerConsoleUpdateFlowRoute } from "./flows/update.js";
import { registerConsoleCreateImportRoute } from "./imports/create.js";
import { registerConsoleGetImportRoute } from "./imports/get.js";
import { registerConsoleListImportsRoute } from "./imports/list.js";
import { registerConsoleCreateKeyRoute } from "./keys/create.js";
import { registerConsoleListKeysRoute } from "./keys/list.js";
import { registerConsoleRevokeKeyRoute } from "./keys/revoke.js";
import { registerConsoleRotateKeysRoute } from "./keys/rotate-all.js";
import { registerConsoleListLensRoute } from "./lens/list.js";
import { registerConsoleSetLensRoute } from "./lens/set.js";
import { registerLoginRoute } from "./login.js";
import { registerLogoutRoute } from "./logout.js";
import { registerConsoleChangePasswordRoute } from "./me/password.js";
import { registerConsoleTotpRoutes } from "./me/totp.js";
import { registerConsoleGetMediaRoute } from "./media/get.js";
import { registerConsoleDismissImportNoticeRoute } from "./notifications/dismiss.js";
import { registerConsoleNotificationsRoute } from "./notifications/list.js";
import { registerConsoleCreateOperatorRoute } from "./operators/create.js";
import { registerConsoleListOperatorsRoute } from "./operators/list.js";
import { registerConsoleUpdateOperatorRoutes } from "./operators/update.js";
import { registerConsoleReviewQueueRoute } from "./queue/list.js";
import {
  registerConsoleMonitoringFlagsRoute,
  registerConsoleResolveFlagRoute,
} from "./queue/monitoring-flags.js";
import { registerConsoleListRegistryConnectorsRoute } from "./registry/list.js";
import { registerConsoleRemoveRegistryConnectorRoutes } from "./registry/remove.js";
import { registerConsoleSetRegistryConnectorRoute } from "./registry/set.js";
import { registerConsoleAddRiskListEntriesRoute } from "./risk-lists/add-entries.js";
import { registerConsoleCreateRiskListRoute } from "./risk-lists/create.js";
import { registerConsoleDeleteRiskListRoute } from "./risk-lists/delete.js";
import { registerConsoleDeleteRiskListEntryRoute } from "./risk-lists/delete-entry.js";
import { registerConsoleListRiskListsRoute } from "./risk-lists/list.js";
import { registerConsoleListRiskListEntriesRoute } from "./risk-lists/list-entries.js";
import { registerConsoleUpdateRiskListRoute } from "./risk-lists/update.js";
import { registerConsoleUpdateRiskListEntryRoute } from "./risk-lists/update-entry.js";
import { registerConsoleSessionActivityRoute } from "./sessions/activity.js";
import { registerConsoleAddSessionNoteRoute } from "./sessions/add-note.js";
import { registerConsoleCreateLinkRoute } from "./sessions/create-link.js";
import { registerConsoleSessionEvidenceRoute } from "./sessions/evidence.js";
import { registerConsoleGetSessionRoute } from "./sessions/get.js";
import { registerConsoleListSessionsRoute } from "./sessions/list.js";
import { registerConsoleRequestResubmissionRoute } from "./sessions/request-resubmission.js";
import { registerConsoleRerunChecksRoute } from "./sessions/rerun-checks.js";
import { registerConsoleReviewSessionRoute } from "./sessions/review.js";
import { registerConsoleSecuritySettingsRoutes } from "./settings/security.js";
import { registerMeRoute, registerSignInRoute } from "./sign-in.js";
import { registerConsoleAmlThresholdRoutes } from "./tenants/aml-threshold.js";
import { registerConsoleCreateTenantRoute } from "./tenants/create.js";
import { registerConsoleEvidenceRetentionRoutes } from "./tenants/evidence-retention.js";
import { registerConsoleListTenantsRoute } from "./tenants/list.js";
import { registerConsoleSetFeaturesRoutes } from "./tenants/set-features.js";
import { registerConsoleSetTenantStatusRoutes } from "./tenants/set-status.js";
import { registerConsoleSetWebhookUrlRoute } from "./tenants/set-webhook-url.js";
import { registerConsoleTopUpRoute } from "./tenants/top-up.js";
import { registerConsoleVideoCallRoutes, registerConsoleVideoQueueRoute } from "./video/routes.js";
import { registerConsoleEnableWebhookEndpointRoute } from "./webhooks/enable-endpoint.js";
import { registerConsoleGetWebhookEndpointStatusRoute } from "./webhooks/get-endpoint-status.js";
import { registerConsoleListWebhookAttemptsRoute } from "./webhooks/list-attempts.js";
import { registerConsoleListWebhookEventsRoute } from "./webhooks/list-events.js";
import { registerConsoleResendWebhookEventRoute } from "./webhooks/resend-event.js";
import { registerConsoleRotateWebhookSecretRoute } from "./webhooks/rotate-secret.js";
import { registerConsoleCreateWorkflowRoute } from "./workflows/create.js";
import { registerConsoleListWorkflowsRoute } from "./workflows/list.js";
import { registerConsoleSetWorkflowBrandingRoute } from "./workflows/set-branding.js";
import { registerConsoleSetDefaultWorkflowRoute } from "./workflows/set-default.js";
import { registerConsoleSetWorkflowStatusRoute } from "./workflows/set-status.js";
import { registerConsoleUpdateWorkflowRoute } from "./workflows/update.js";

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
  registerConsoleEvidenceRetentionRoutes(app, services);
  registerConsoleResolveFlagRoute(app, services);
  registerConfigurationRoutes(app, services);
}

/** Workflow editing, branding per workflow, risk lists, credits, imports and the webhook secret (issue 19). */
function registerConfigurationRoutes(app: App, services: Services): void {
  registerConsoleUpdateWorkflowRoute(app, services);
  registerConsoleSetWorkflowBrandingRoute(app, services);
  registerConsoleRotateWebhookSecretRoute(app, services);
  registerConsoleListRiskListsRoute(app, services);
  registerConsoleCreateRiskListRoute(app, services);
  registerConsoleUpdateRiskListRoute(app, services);
  registerConsoleDeleteRiskListRoute(app, services);
  registerConsoleListRiskListEntriesRoute(app, services);
  registerConsoleAddRiskListEntriesRoute(app, services);
  registerConsoleUpdateRiskListEntryRoute(app, services);
  registerConsoleDeleteRiskListEntryRoute(app, services);
  registerConsoleCreditLedgerRoute(app, services);
  registerConsoleCreditUsageRoute(app, services);
  registerConsoleListImportsRoute(app, services);
  registerConsoleGetImportRoute(app, services);
  registerConsoleCreateImportRoute(app, services);
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
  registerConsoleAmlSourcesRoute(app, services);
  registerConsoleTotpRoutes(app, services);
  registerConsoleChangePasswordRoute(app, services);
  registerConsoleListOperatorsRoute(app, services);
  registerConsoleCreateOperatorRoute(app, services);
  registerConsoleUpdateOperatorRoutes(app, services);
  registerConsoleSecuritySettingsRoutes(app, services);
  registerConsoleAuditLogRoute(app, services);
  registerConsoleMonitoringFlagsRoute(app, services);
  registerConsoleNotificationsRoute(app, services);
  registerConsoleDismissImportNoticeRoute(app, services);
  registerConsoleBrandingPreviewUrlRoute(app, services);
}

/** `hub`: the video calls' signalling relay, shared with the applicant's socket (verify/video). */
export function registerConsoleApi(app: App, services: Services, hub: SignallingHub): void {
  void app.register(
    async (consoleScope) => {
      const scope = consoleScope.withTypeProvider<ZodTypeProvider>() as App;
      registerLoginRoute(scope, services);
      registerSignInRoute(scope, services);
      await scope.register(async (authedScope) => {
        const authed = authedScope.withTypeProvider<ZodTypeProvider>() as App;
        addConsoleAuthHook(authed, services);
        registerOperatorRoutes(authed, services);
        registerConsoleVideoQueueRoute(authed, services);
        await authed.register(
          async (tenantScope) => {
            const tenant = tenantScope.withTypeProvider<ZodTypeProvider>() as App;
            tenant.addHook("preHandler", async (request) => {
              // Unknown and malformed tenant ids: 404 "not_found", like any missing resource.
              await getTenant(services.db, (request.params as { tenant_id: string }).tenant_id);
            });
            registerTenantRoutes(tenant, services);
            // Its own scope: the recording's video/webm body parser applies to these routes only.
            await tenant.register(async (videoScope) =>
              registerConsoleVideoCallRoutes(
                videoScope.withTypeProvider<ZodTypeProvider>() as App,
                services,
                hub,
              ),
            );
          },
          { prefix: "/tenants/:tenant_id" },
        );
      });
    },
    { prefix: CONSOLE_API_PREFIX },
  );
}
