// Operator commands that change or read tenant data (design: Operator CLI). The same dispatcher runs in the
// CLI process (server database, or an embedded one nobody holds) and inside a running server, which
// receives them over its admin socket when it holds the embedded database.
import { parseArgs } from "node:util";
import { balanceOf, topUp } from "../platform/credits/ledger.js";
import { setRate } from "../platform/credits/rates.js";
import { withTransaction } from "../platform/db/transaction.js";
import { AppError } from "../platform/errors.js";
import { assertDeliverableUrl } from "../platform/net/safe-request.js";
import { createApiKey, listApiKeys, revokeApiKey, rotateAllApiKeys } from "../platform/tenants/api-keys.js";
import { enabledFeatures, setFeatures } from "../platform/tenants/entitlements.js";
import {
  createTenant,
  requireTenantId,
  setTenantStatus,
  setWebhookUrl,
} from "../platform/tenants/tenants.js";
import type { Services } from "../services.js";

export interface ParsedCommand {
  positionals: string[];
  flags: Record<string, string | boolean | undefined>;
}

export type AdminCommand = (services: Services, command: ParsedCommand) => Promise<unknown>;

const OPTIONS = {
  json: { type: "boolean" },
  name: { type: "string" },
  credits: { type: "string" },
  features: { type: "string" },
  label: { type: "string" },
  tenant: { type: "string" },
  file: { type: "string" },
  default: { type: "boolean" },
  workflow: { type: "string" },
  email: { type: "string" },
  password: { type: "string" },
  role: { type: "string" },
  schema: { type: "string" },
  reason: { type: "string" },
} as const;

export function parseCommandLine(argv: string[]): ParsedCommand {
  const { positionals, values } = parseArgs({
    args: argv,
    options: OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  return { positionals, flags: values };
}

function arg(command: ParsedCommand, index: number, name: string): string {
  const value = command.positionals[index];
  if (!value) throw new AppError("validation_failed", { field: name, message: `Missing argument ${name}.` });
  return value;
}

function flag(command: ParsedCommand, name: string): string | undefined {
  const value = command.flags[name];
  return typeof value === "string" ? value : undefined;
}

const registry: Record<string, AdminCommand> = {};

/** Other areas add their commands (workflows, flows, AML lists) here. */
export function registerAdminCommand(name: string, command: AdminCommand): void {
  registry[name] = command;
}

export function adminCommandNames(): string[] {
  return Object.keys(registry).sort();
}

/** Finds the longest registered command name the positionals start with, and runs it. */
export async function runAdminCommand(services: Services, argv: string[]): Promise<unknown> {
  const parsed = parseCommandLine(argv);
  for (const words of [3, 2, 1]) {
    const name = parsed.positionals.slice(0, words).join(" ");
    const command = registry[name];
    if (command) return command(services, { ...parsed, positionals: parsed.positionals.slice(words) });
  }
  throw new AppError("validation_failed", {
    message: `Unknown command: ${parsed.positionals.join(" ") || "(none)"}`,
  });
}

export function isAdminCommand(argv: string[]): boolean {
  const { positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: false });
  return [3, 2, 1].some((words) => registry[positionals.slice(0, words).join(" ")] !== undefined);
}

registerAdminCommand("tenant create", async (services, command) => {
  const name = flag(command, "name") ?? command.positionals[0];
  if (!name) throw new AppError("validation_failed", { field: "name", message: "Use --name NAME." });
  const features = flag(command, "features");
  return createTenant(services.db, {
    name,
    credits: flag(command, "credits"),
    features: features === undefined ? undefined : features === "all" ? "all" : splitList(features),
  });
});
registerAdminCommand("tenant suspend", async (services, command) => {
  await setTenantStatus(services.db, arg(command, 0, "TENANT"), "suspended");
  return { ok: true };
});
registerAdminCommand("tenant resume", async (services, command) => {
  await setTenantStatus(services.db, arg(command, 0, "TENANT"), "active");
  return { ok: true };
});
registerAdminCommand("key create", async (services, command) => {
  const tenantId = requireTenantId(arg(command, 0, "TENANT"));
  return createApiKey(services.db, tenantId, flag(command, "label") ?? "");
});
registerAdminCommand("key list", async (services, command) =>
  listApiKeys(services.db, requireTenantId(arg(command, 0, "TENANT"))),
);
registerAdminCommand("key revoke", async (services, command) => {
  await revokeApiKey(services.db, arg(command, 0, "KEY_ID"));
  return { ok: true };
});
registerAdminCommand("key rotate-all", async (services, command) =>
  rotateAllApiKeys(services.db, requireTenantId(arg(command, 0, "TENANT"))),
);
registerAdminCommand("credits topup", async (services, command) => {
  const tenantId = requireTenantId(arg(command, 0, "TENANT"));
  const balance = await withTransaction(services.db, (tx) =>
    topUp(tx, tenantId, arg(command, 1, "AMOUNT"), "operator top-up"),
  );
  return { tenant_id: tenantId, balance };
});
registerAdminCommand("credits balance", async (services, command) => {
  const tenantId = requireTenantId(arg(command, 0, "TENANT"));
  return { tenant_id: tenantId, balance: await balanceOf(services.db, tenantId) };
});
registerAdminCommand("rates set", async (services, command) => {
  const tenant = flag(command, "tenant");
  await setRate(
    services.db,
    arg(command, 0, "FEATURE"),
    arg(command, 1, "AMOUNT"),
    tenant ? requireTenantId(tenant) : undefined,
  );
  return { ok: true };
});
for (const enabled of [true, false]) {
  registerAdminCommand(`features ${enabled ? "enable" : "disable"}`, async (services, command) => {
    const tenantId = requireTenantId(arg(command, 0, "TENANT"));
    const keys = command.positionals.slice(1).flatMap(splitList);
    if (keys.length === 0) throw new AppError("validation_failed", { message: "Name at least one feature." });
    await setFeatures(services.db, tenantId, keys, enabled);
    return { tenant_id: tenantId, features: await enabledFeatures(services.db, tenantId) };
  });
}
registerAdminCommand("features list", async (services, command) => {
  const tenantId = requireTenantId(arg(command, 0, "TENANT"));
  return { tenant_id: tenantId, features: await enabledFeatures(services.db, tenantId) };
});
registerAdminCommand("webhook set", async (services, command) => {
  const tenantId = requireTenantId(arg(command, 0, "TENANT"));
  const url = arg(command, 1, "URL");
  // spec: Delivery rules 4 — loopback, private and link-local destinations are refused.
  if (url !== "none") await assertDeliverableUrl(url, services.config.allowPrivateTargets);
  await setWebhookUrl(services.db, tenantId, url === "none" ? null : url);
  return { ok: true };
});

function splitList(value: string): string[] {
  return value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}
