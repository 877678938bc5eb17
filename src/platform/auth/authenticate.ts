// spec: Authentication — the tenant comes from the API key, never from an id in the URL or body.
// Missing, wrong or revoked key, or a suspended tenant: 401 on every surface.

import type { Db } from "../db/database.js";
import { AppError } from "../errors.js";
import { hashApiKey } from "../tenants/api-keys.js";
import type { ApiKeyCache } from "./api-key-cache.js";

export interface TenantContext {
  tenantId: string;
  keyId: string;
  /** A test key (`kyc_test_…`): it sees and creates test sessions only (design: Sandbox). */
  test: boolean;
}

/** With a cache (api-key-cache.ts), a key seen recently skips the database; revocations clear it at once. */
export async function authenticateApiKey(
  db: Db,
  rawKey: string | undefined,
  cache?: ApiKeyCache,
): Promise<TenantContext> {
  if (!rawKey) throw unauthorized();
  const keyHash = hashApiKey(rawKey);
  const cached = cache?.get(keyHash);
  if (cached) return cached;
  const generation = cache?.generation() ?? 0;
  const row = await db
    .selectFrom("api_keys")
    .innerJoin("tenants", "tenants.id", "api_keys.tenant_id")
    .select([
      "api_keys.id as keyId",
      "api_keys.tenant_id as tenantId",
      "api_keys.revoked_at",
      "api_keys.test",
      "tenants.status",
    ])
    .where("api_keys.key_hash", "=", keyHash)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.status !== "active") throw unauthorized();
  const context = { tenantId: row.tenantId, keyId: row.keyId, test: row.test };
  cache?.set(keyHash, context, generation);
  return context;
}

function unauthorized(): AppError {
  return new AppError("invalid_api_key", {
    detail: "invalid API key",
    message: "Invalid or missing API key.",
  });
}

/** `/v3`: `x-api-key` (header names are case-insensitive, so `X-API-Key` too). */
export function keyFromVerifyHeaders(
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  return single(headers["x-api-key"]);
}

/** `/api/v1`: `Authorization: Bearer <key>` or `X-API-Key`. */
export function keyFromPartnerHeaders(
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const authorization = single(headers.authorization);
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match?.[1];
  }
  return single(headers["x-api-key"]);
}

function single(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed ? trimmed : undefined;
}
