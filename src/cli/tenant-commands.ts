// The platform's operator commands: tenants, keys, credits, rates, features and the webhook URL
// (design: Operator CLI). Joined with every area's table in src/composition/operator-commands.ts.

import {
  type CommandTable,
  type OperatorCommand,
  requiredArg,
  splitList,
  stringFlag,
} from "../platform/commands/command-table.js";
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

function setFeaturesCommand(enabled: boolean): OperatorCommand<Services> {
  return async (services, command) => {
    const tenantId = requireTenantId(requiredArg(command, 0, "TENANT"));
    const keys = command.positionals.slice(1).flatMap(splitList);
    if (keys.length === 0) throw new AppError("validation_failed", { message: "Name at least one feature." });
    await setFeatures(services.db, tenantId, keys, enabled);
    return { tenant_id: tenantId, features: await enabledFeatures(services.db, tenantId) };
  };
}

export const tenantCommands: CommandTable<Services> = {
  "tenant create": async (services, command) => {
    const name = stringFlag(command, "name") ?? command.positionals[0];
    if (!name) throw new AppError("validation_failed", { field: "name", message: "Use --name NAME." });
    const features = stringFlag(command, "features");
    return createTenant(
      services.db,
      {
        name,
        credits: stringFlag(command, "credits"),
        features: features === undefined ? undefined : features === "all" ? "all" : splitList(features),
      },
      { hooks: services.hooks.tenantCreated },
    );
  },
  "tenant suspend": async (services, command) => {
    await setTenantStatus(services.db, requiredArg(command, 0, "TENANT"), "suspended");
    return { ok: true };
  },
  "tenant resume": async (services, command) => {
    await setTenantStatus(services.db, requiredArg(command, 0, "TENANT"), "active");
    return { ok: true };
  },
  "key create": async (services, command) => {
    const tenantId = requireTenantId(requiredArg(command, 0, "TENANT"));
    return createApiKey(services.db, tenantId, stringFlag(command, "label") ?? "", {
      test: command.flags.test === true,
    });
  },
  "key list": async (services, command) =>
    listApiKeys(services.db, requireTenantId(requiredArg(command, 0, "TENANT"))),
  "key revoke": async (services, command) => {
    await revokeApiKey(services.db, requiredArg(command, 0, "KEY_ID"));
    return { ok: true };
  },
  "key rotate-all": async (services, command) =>
    rotateAllApiKeys(services.db, requireTenantId(requiredArg(command, 0, "TENANT"))),
  "credits topup": async (services, command) => {
    const tenantId = requireTenantId(requiredArg(command, 0, "TENANT"));
    const balance = await withTransaction(services.db, (tx) =>
      topUp(tx, tenantId, requiredArg(command, 1, "AMOUNT"), "operator top-up"),
    );
    return { tenant_id: tenantId, balance };
  },
  "credits balance": async (services, command) => {
    const tenantId = requireTenantId(requiredArg(command, 0, "TENANT"));
    return { tenant_id: tenantId, balance: await balanceOf(services.db, tenantId) };
  },
  "rates set": async (services, command) => {
    const tenant = stringFlag(command, "tenant");
    await setRate(
      services.db,
      requiredArg(command, 0, "FEATURE"),
      requiredArg(command, 1, "AMOUNT"),
      tenant ? requireTenantId(tenant) : undefined,
    );
    return { ok: true };
  },
  "features enable": setFeaturesCommand(true),
  "features disable": setFeaturesCommand(false),
  "features list": async (services, command) => {
    const tenantId = requireTenantId(requiredArg(command, 0, "TENANT"));
    return { tenant_id: tenantId, features: await enabledFeatures(services.db, tenantId) };
  },
  "webhook set": async (services, command) => {
    const tenantId = requireTenantId(requiredArg(command, 0, "TENANT"));
    const url = requiredArg(command, 1, "URL");
    // spec: Delivery rules 4 — loopback, private and link-local destinations are refused.
    if (url !== "none") await assertDeliverableUrl(url, services.config.allowPrivateTargets);
    await setWebhookUrl(services.db, tenantId, url === "none" ? null : url);
    return { ok: true };
  },
};
