// `kyc lens set T SERVICE URL [--header K:V]…`, `kyc lens list T`, `kyc lens enable|disable T SERVICE`,
// `kyc lens remove T SERVICE`: the upstreams a tenant's POST /v3/tools/lens/{service}/ calls go to.
import { type CommandTable, requiredArg } from "../../platform/commands/command-table.js";
import { AppError } from "../../platform/errors.js";
import { requireTenantId } from "../../platform/tenants/tenants.js";
import type { Services } from "../../services.js";
import {
  listLensServices,
  removeLensService,
  setLensService,
  setLensServiceEnabled,
} from "./lens-services.js";

/** `K:V` (first colon splits; spaces around the value trimmed) → {K: V}. */
function parseHeaders(flag: unknown): Record<string, string> {
  const values = Array.isArray(flag) ? flag : typeof flag === "string" ? [flag] : [];
  const headers: Record<string, string> = {};
  for (const value of values as string[]) {
    const colon = value.indexOf(":");
    if (colon <= 0)
      throw new AppError("validation_failed", {
        field: "header",
        message: `Use --header Name:value (got ${value}).`,
      });
    headers[value.slice(0, colon).trim()] = value.slice(colon + 1).trim();
  }
  return headers;
}

export const lensCommands: CommandTable<Services> = {
  "lens set": async (services, command) => {
    const tenantId = requireTenantId(requiredArg(command, 0, "TENANT"));
    return setLensService(
      services.db,
      tenantId,
      {
        service: requiredArg(command, 1, "SERVICE"),
        url: requiredArg(command, 2, "URL"),
        headers: parseHeaders(command.flags.header),
      },
      services.config.allowPrivateTargets,
    );
  },
  "lens list": async (services, command) => ({
    services: await listLensServices(services.db, requireTenantId(requiredArg(command, 0, "TENANT"))),
  }),
  "lens enable": async (services, command) => {
    const tenantId = requireTenantId(requiredArg(command, 0, "TENANT"));
    await setLensServiceEnabled(services.db, tenantId, requiredArg(command, 1, "SERVICE"), true);
    return { ok: true };
  },
  "lens disable": async (services, command) => {
    const tenantId = requireTenantId(requiredArg(command, 0, "TENANT"));
    await setLensServiceEnabled(services.db, tenantId, requiredArg(command, 1, "SERVICE"), false);
    return { ok: true };
  },
  "lens remove": async (services, command) => {
    const tenantId = requireTenantId(requiredArg(command, 0, "TENANT"));
    await removeLensService(services.db, tenantId, requiredArg(command, 1, "SERVICE"));
    return { ok: true };
  },
};
