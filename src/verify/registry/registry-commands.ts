// `kyc registry set T NAME URL [--timeout-ms N] [--retries N]` (prints the signing secret when the connector is
// new), `kyc registry list T`, `kyc registry remove T NAME`, `kyc registry rotate-secret T NAME`: the registry
// endpoints a tenant's DATABASE_VALIDATION nodes call.
import { type CommandTable, requiredArg, stringFlag } from "../../platform/commands/command-table.js";
import { AppError } from "../../platform/errors.js";
import { requireTenantId } from "../../platform/tenants/tenants.js";
import type { Services } from "../../services.js";
import {
  listRegistryConnectors,
  removeRegistryConnector,
  rotateRegistrySecret,
  setRegistryConnector,
} from "./registry-connectors.js";

function integerFlag(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new AppError("validation_failed", { field: name, message: `--${name} N` });
  return Number(value);
}

export const registryCommands: CommandTable<Services> = {
  "registry set": async (services, command) =>
    setRegistryConnector(
      services.db,
      requireTenantId(requiredArg(command, 0, "TENANT")),
      {
        name: requiredArg(command, 1, "NAME"),
        url: requiredArg(command, 2, "URL"),
        timeout_ms: integerFlag(stringFlag(command, "timeout-ms"), "timeout-ms"),
        retries: integerFlag(stringFlag(command, "retries"), "retries"),
      },
      services.config.allowPrivateTargets,
    ),
  "registry list": async (services, command) => ({
    connectors: await listRegistryConnectors(services.db, requireTenantId(requiredArg(command, 0, "TENANT"))),
  }),
  "registry remove": async (services, command) => {
    const tenantId = requireTenantId(requiredArg(command, 0, "TENANT"));
    await removeRegistryConnector(services.db, tenantId, requiredArg(command, 1, "NAME"));
    return { ok: true };
  },
  "registry rotate-secret": async (services, command) =>
    rotateRegistrySecret(
      services.db,
      requireTenantId(requiredArg(command, 0, "TENANT")),
      requiredArg(command, 1, "NAME"),
    ),
};
