// Operator CLI for flows (design: Operator CLI — `kyc flow create T --name N --workflow W` → {id}).
import { registerAdminCommand } from "../../cli/admin-commands.js";
import { AppError } from "../../platform/errors.js";
import { requireTenantId } from "../../platform/tenants/tenants.js";
import { createFlow, listFlows, updateFlow } from "./flows.js";
import { hostedUrlTtlOf, setHostedUrlTtl } from "./hosted-url-ttl.js";

function positional(values: string[], index: number, name: string): string {
  const value = values[index];
  if (!value) throw new AppError("validation_failed", { field: name, message: `Missing argument ${name}.` });
  return value;
}

registerAdminCommand("flow create", async (services, command) => {
  const tenantId = requireTenantId(positional(command.positionals, 0, "TENANT"));
  const name = command.flags.name;
  const workflow = command.flags.workflow;
  const flow = await createFlow(services.db, tenantId, {
    name: typeof name === "string" ? name : undefined,
    workflowId: typeof workflow === "string" ? workflow : undefined,
  });
  return { id: flow.id };
});

registerAdminCommand("flow list", async (services, command) =>
  listFlows(services.db, requireTenantId(positional(command.positionals, 0, "TENANT"))),
);

for (const isActive of [true, false]) {
  registerAdminCommand(`flow ${isActive ? "activate" : "deactivate"}`, async (services, command) => {
    const tenantId = requireTenantId(positional(command.positionals, 0, "TENANT"));
    return updateFlow(services.db, tenantId, positional(command.positionals, 1, "FLOW"), { isActive });
  });
}

/** `kyc flow ttl T` shows the default hosted-URL TTL; `kyc flow ttl T 45` sets it; `kyc flow ttl T off` disables. */
registerAdminCommand("flow ttl", async (services, command) => {
  const tenantId = requireTenantId(positional(command.positionals, 0, "TENANT"));
  const value = command.positionals[1];
  if (value !== undefined) {
    await setHostedUrlTtl(services.db, tenantId, value === "off" ? null : Number(value));
  }
  return { tenant_id: tenantId, hosted_url_ttl_minutes: await hostedUrlTtlOf(services.db, tenantId) };
});

/** `kyc flow form T FLOW full_name,phone,email,identifier` sets which fields the applicant form collects. */
registerAdminCommand("flow form", async (services, command) => {
  const tenantId = requireTenantId(positional(command.positionals, 0, "TENANT"));
  const fields = positional(command.positionals, 2, "FIELDS")
    .split(",")
    .map((field) => field.trim());
  return updateFlow(services.db, tenantId, positional(command.positionals, 1, "FLOW"), {
    formFields: fields,
  });
});

/** `kyc flow lists T FLOW LIST_ID:reject LIST_ID:manual_review …` replaces the lists the flow evaluates. */
registerAdminCommand("flow lists", async (services, command) => {
  const tenantId = requireTenantId(positional(command.positionals, 0, "TENANT"));
  const riskLists = command.positionals.slice(2).map((pair) => {
    const [listId = "", action = "reject"] = pair.split(":");
    return { list_id: listId, action: action as "reject" | "manual_review" };
  });
  return updateFlow(services.db, tenantId, positional(command.positionals, 1, "FLOW"), { riskLists });
});
