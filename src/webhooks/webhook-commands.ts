// `kyc webhook events T` (delivery log), `kyc webhook resend T EVENT_ID`, `kyc webhook status T` (is the
// endpoint enabled, its failure streak) and `kyc webhook enable T` (after it was disabled for failing).

import type { CommandTable } from "../platform/commands/command-table.js";
import { AppError } from "../platform/errors.js";
import { requireTenantId } from "../platform/tenants/tenants.js";
import type { Services } from "../services.js";
import { enableWebhookEndpoint, getWebhookEndpointStatus } from "./enable-endpoint.js";
import { listWebhookEvents, resendWebhookEvent } from "./resend-event.js";

export const webhookCommands: CommandTable<Services> = {
  "webhook events": async (services, command) => {
    const tenantId = requireTenantId(command.positionals[0] ?? "");
    return listWebhookEvents(services.db, tenantId);
  },
  "webhook resend": async (services, command) => {
    const [tenant, eventId] = command.positionals;
    if (!tenant || !eventId)
      throw new AppError("validation_failed", { message: "Use: webhook resend TENANT EVENT_ID" });
    await resendWebhookEvent(services.db, requireTenantId(tenant), eventId);
    return { ok: true };
  },
  "webhook status": async (services, command) => {
    const tenantId = requireTenantId(command.positionals[0] ?? "");
    return getWebhookEndpointStatus(services.db, tenantId);
  },
  "webhook enable": async (services, command) => {
    const tenantId = requireTenantId(command.positionals[0] ?? "");
    return enableWebhookEndpoint(services.db, tenantId, "cli");
  },
};
