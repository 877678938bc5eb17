// Tenants: created and managed by operators (design: Operator CLI).

import { randomBytes } from "node:crypto";
import { recordAudit } from "../audit.js";
import { forgetApiKeys } from "../auth/api-key-cache.js";
import { normalizeDecimal } from "../credits/rates.js";
import { type Queryable, type Tx, withTransaction } from "../db/transaction.js";
import { AppError } from "../errors.js";
import { ALL_FEATURES, OFF_BY_DEFAULT } from "../features.js";
import { isUuid } from "../ids.js";
import { createApiKey } from "./api-keys.js";
import { setFeatures } from "./entitlements.js";

/** A webhook signing secret as handed to the receiver once: `whsec_` and 24 random bytes, base64url. */
export function newWebhookSigningSecret(): string {
  return `whsec_${randomBytes(24).toString("base64url")}`;
}

export interface CreateTenantInput {
  name: string;
  credits?: string;
  /** `all`, or explicit keys; default: every feature except those off until granted. */
  features?: "all" | string[];
}

export interface CreatedTenant {
  tenant_id: string;
  api_key: string;
  jwt_signing_secret: string;
  webhook_signing_secret: string;
}

/** Runs inside the creating transaction (e.g. the sessions area gives every tenant a default workflow). */
export type TenantCreatedHook = (tx: Tx, tenantId: string) => Promise<void>;

export interface CreateTenantOptions {
  /** The composition root's list (`services.hooks.tenantCreated`). */
  hooks: readonly TenantCreatedHook[];
  actor?: string;
}

export async function createTenant(
  db: Queryable,
  input: CreateTenantInput,
  { hooks, actor = "operator" }: CreateTenantOptions,
): Promise<CreatedTenant> {
  const name = input.name.trim();
  if (!name) throw new AppError("validation_failed", { field: "name", message: "Tenant name is required." });
  const credits = input.credits ?? "0";
  if (!/^\d+(\.\d+)?$/.test(credits)) {
    throw new AppError("validation_failed", {
      field: "credits",
      message: "Credits must be a non-negative decimal.",
    });
  }
  const features =
    input.features === "all"
      ? [...ALL_FEATURES]
      : (input.features ?? ALL_FEATURES.filter((feature) => !OFF_BY_DEFAULT.includes(feature)));

  return withTransaction(db, async (tx) => {
    const jwtSecret = randomBytes(32).toString("base64url");
    const webhookSecret = newWebhookSigningSecret();
    const tenant = await tx
      .insertInto("tenants")
      .values({ name, jwt_signing_secret: jwtSecret, webhook_signing_secret: webhookSecret })
      .returning("id")
      .executeTakeFirstOrThrow();
    const key = await createApiKey(tx, tenant.id, "default");
    await setFeatures(tx, tenant.id, features, true);
    if (credits !== "0") {
      await tx.updateTable("tenants").set({ credit_balance: credits }).where("id", "=", tenant.id).execute();
      await tx
        .insertInto("credit_ledger")
        .values({ tenant_id: tenant.id, delta: credits, reason: "topup", note: "initial credits" })
        .execute();
    }
    for (const hook of hooks) await hook(tx, tenant.id);
    await recordAudit(tx, {
      tenantId: tenant.id,
      actor,
      action: "tenant.create",
      target: tenant.id,
      data: { name },
    });
    return {
      tenant_id: tenant.id,
      api_key: key.api_key,
      jwt_signing_secret: jwtSecret,
      webhook_signing_secret: webhookSecret,
    };
  });
}

export async function setTenantStatus(
  db: Queryable,
  tenantId: string,
  status: "active" | "suspended",
  actor = "operator",
): Promise<void> {
  await withTransaction(db, async (tx) => {
    const row = await tx
      .updateTable("tenants")
      .set({ status, updated_at: new Date() })
      .where("id", "=", requireTenantId(tenantId))
      .returning("id")
      .executeTakeFirst();
    if (!row) throw new AppError("not_found", { message: "No such tenant." });
    await recordAudit(tx, {
      tenantId,
      actor,
      action: `tenant.${status === "active" ? "resume" : "suspend"}`,
    });
  });
  // This process forgets the tenant's keys at once; other nodes on the commit's notification (0027).
  forgetApiKeys({ tenantId });
}

export async function setWebhookUrl(db: Queryable, tenantId: string, url: string | null): Promise<void> {
  const row = await db
    .updateTable("tenants")
    .set({ webhook_url: url, updated_at: new Date() })
    .where("id", "=", requireTenantId(tenantId))
    .returning("id")
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", { message: "No such tenant." });
}

export async function getTenant(db: Queryable, tenantId: string) {
  const row = await db
    .selectFrom("tenants")
    .selectAll()
    .where("id", "=", requireTenantId(tenantId))
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", { message: "No such tenant." });
  return row;
}

export function requireTenantId(tenantId: string): string {
  if (!isUuid(tenantId)) throw new AppError("not_found", { message: "No such tenant." });
  return tenantId;
}

/** Every tenant, oldest first (the console's tenant list). */
export async function listTenants(db: Queryable) {
  const rows = await db
    .selectFrom("tenants")
    .select(["id", "name", "status", "credit_balance", "created_at"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    status: row.status,
    balance: normalizeDecimal(row.credit_balance),
    created_at: row.created_at.toISOString(),
  }));
}
