// Operator CLI for flows (design: Operator CLI — `kyc flow create T --name N --workflow W` → {id}).
import {
  type CommandTable,
  type OperatorCommand,
  requiredArg,
} from "../../platform/commands/command-table.js";
import { requireTenantId } from "../../platform/tenants/tenants.js";
import type { Services } from "../../services.js";
import { createFlow, listFlows, updateFlow } from "./flows.js";
import { hostedUrlTtlOf, setHostedUrlTtl } from "./hosted-url-ttl.js";

function setActive(isActive: boolean): OperatorCommand<Services> {
  return async (services, command) => {
    const tenantId = requireTenantId(requiredArg(command, 0, "TENANT"));
    return updateFlow(services.db, tenantId, requiredArg(command, 1, "FLOW"), { isActive });
  };
}

export const flowCommands: CommandTable<Services> = {
  "flow create": async (services, command) => {
    const tenantId = requireTenantId(requiredArg(command, 0, "TENANT"));
    const name = command.flags.name;
    const workflow = command.flags.workflow;
    const flow = await createFlow(services.db, tenantId, {
      name: typeof name === "string" ? name : undefined,
      workflowId: typeof workflow === "string" ? workflow : undefined,
    });
    return { id: flow.id };
  },
  "flow list": async (services, command) =>
    listFlows(services.db, requireTenantId(requiredArg(command, 0, "TENANT"))),
  "flow activate": setActive(true),
  "flow deactivate": setActive(false),
  /** `kyc flow ttl T` shows the default hosted-URL TTL; `kyc flow ttl T 45` sets it; `… off` disables. */
  "flow ttl": async (services, command) => {
    const tenantId = requireTenantId(requiredArg(command, 0, "TENANT"));
    const value = command.positionals[1];
    if (value !== undefined) {
      await setHostedUrlTtl(services.db, tenantId, value === "off" ? null : Number(value));
    }
    return { tenant_id: tenantId, hosted_url_ttl_minutes: await hostedUrlTtlOf(services.db, tenantId) };
  },
  /** `kyc flow form T FLOW full_name,phone,email,identifier` sets the fields the applicant form collects. */
  "flow form": async (services, command) => {
    const tenantId = requireTenantId(requiredArg(command, 0, "TENANT"));
    const fields = requiredArg(command, 2, "FIELDS")
      .split(",")
      .map((field) => field.trim());
    return updateFlow(services.db, tenantId, requiredArg(command, 1, "FLOW"), {
      formFields: fields,
    });
  },
  /** `kyc flow lists T FLOW LIST_ID:reject LIST_ID:manual_review …` replaces the lists the flow evaluates. */
  "flow lists": async (services, command) => {
    const tenantId = requireTenantId(requiredArg(command, 0, "TENANT"));
    const riskLists = command.positionals.slice(2).map((pair) => {
      const [listId = "", action = "reject"] = pair.split(":");
      return { list_id: listId, action: action as "reject" | "manual_review" };
    });
    return updateFlow(services.db, tenantId, requiredArg(command, 1, "FLOW"), { riskLists });
  },
};
