// `kyc workflow create T --file F [--default]`, `workflow list T`, `workflow status T W live|draft|archived`,
// `workflow default T W`.
import { readFile } from "node:fs/promises";
import type { CommandTable } from "../../platform/commands/command-table.js";
import { AppError } from "../../platform/errors.js";
import { requireTenantId } from "../../platform/tenants/tenants.js";
import type { Services } from "../../services.js";
import { createWorkflow, listWorkflows, setDefaultWorkflow, setWorkflowStatus } from "./workflows.js";

export const workflowCommands: CommandTable<Services> = {
  "workflow create": async (services, command) => {
    const tenantId = requireTenantId(command.positionals[0] ?? "");
    const file = command.flags.file;
    if (typeof file !== "string")
      throw new AppError("validation_failed", { message: "Use --file workflow.json" });
    let definition: unknown;
    try {
      definition = JSON.parse(await readFile(file, "utf8"));
    } catch (error) {
      throw new AppError("invalid_workflow", { message: `Cannot read ${file}: ${(error as Error).message}` });
    }
    return createWorkflow(services.db, tenantId, definition, { makeDefault: command.flags.default === true });
  },
  "workflow list": async (services, command) => {
    const workflows = await listWorkflows(services.db, requireTenantId(command.positionals[0] ?? ""));
    return workflows.map((workflow) => ({
      id: workflow.id,
      name: workflow.name,
      status: workflow.status,
      default: workflow.is_default,
      // Every node with the configuration it really runs (module defaults filled in when it was saved).
      nodes: workflow.nodes.map((node) => ({
        id: node.id,
        feature: node.feature,
        enabled: node.enabled,
        config: node.config,
      })),
    }));
  },
  "workflow status": async (services, command) => {
    const [tenant, workflowId, status] = command.positionals;
    if (!workflowId || (status !== "live" && status !== "draft" && status !== "archived")) {
      throw new AppError("validation_failed", {
        message: "Use: workflow status TENANT WORKFLOW live|draft|archived",
      });
    }
    await setWorkflowStatus(services.db, requireTenantId(tenant ?? ""), workflowId, status);
    return { ok: true };
  },
  "workflow default": async (services, command) => {
    const [tenant, workflowId] = command.positionals;
    await setDefaultWorkflow(services.db, requireTenantId(tenant ?? ""), workflowId ?? "");
    return { ok: true };
  },
};
