// `kyc webhook events T` (delivery log) and `kyc webhook resend T EVENT_ID`.
import { registerAdminCommand } from "../cli/admin-commands.js";
import { AppError } from "../platform/errors.js";
import { requireTenantId } from "../platform/tenants/tenants.js";
import { listWebhookEvents, resendWebhookEvent } from "./resend-event.js";

registerAdminCommand("webhook events", async (services, command) => {
  const tenantId = requireTenantId(command.positionals[0] ?? "");
  return listWebhookEvents(services.db, tenantId);
});

registerAdminCommand("webhook resend", async (services, command) => {
  const [tenant, eventId] = command.positionals;
  if (!tenant || !eventId)
    throw new AppError("validation_failed", { message: "Use: webhook resend TENANT EVENT_ID" });
  await resendWebhookEvent(services.db, requireTenantId(tenant), eventId);
  return { ok: true };
});
