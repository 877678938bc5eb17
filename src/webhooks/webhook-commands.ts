// `kyc webhook events T` (delivery log) and `kyc webhook resend T EVENT_ID`.
import type { CommandTable } from "../platform/commands/command-table.js";
import { AppError } from "../platform/errors.js";
import { requireTenantId } from "../platform/tenants/tenants.js";
import type { Services } from "../services.js";
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
};
