// `kyc branding set T --file branding.json` (tenant-level hosted-flow appearance, spec: rule 5) and
// `kyc branding show T`. A workflow's own `branding` object overrides these keys for that workflow.
import { readFile } from "node:fs/promises";
import type { CommandTable } from "../platform/commands/command-table.js";
import { AppError } from "../platform/errors.js";
import { requireTenantId } from "../platform/tenants/tenants.js";
import type { Services } from "../services.js";
import { getTenantBranding, setTenantBranding } from "./applicant/branding.js";

export const brandingCommands: CommandTable<Services> = {
  "branding set": async (services, command) => {
    const tenantId = requireTenantId(command.positionals[0] ?? "");
    const file = command.flags.file;
    if (typeof file !== "string")
      throw new AppError("validation_failed", { message: "Use --file branding.json" });
    let input: unknown;
    try {
      input = JSON.parse(await readFile(file, "utf8"));
    } catch (error) {
      throw new AppError("validation_failed", {
        message: `Cannot read ${file}: ${(error as Error).message}`,
      });
    }
    return { ok: true, branding: await setTenantBranding(services.db, tenantId, input) };
  },
  "branding show": async (services, command) =>
    getTenantBranding(services.db, requireTenantId(command.positionals[0] ?? "")),
};
