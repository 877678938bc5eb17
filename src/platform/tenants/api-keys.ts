// spec: Authentication 3–4 — keys stored as SHA-256 plus a display prefix; labelled; last_used_at; revoke; rotate-all.
import { randomBytes } from "node:crypto";
import { recordAudit } from "../audit.js";
import { forgetApiKeys } from "../auth/api-key-cache.js";
import type { Queryable } from "../db/transaction.js";
import { withTransaction } from "../db/transaction.js";
import { AppError } from "../errors.js";
import { isUuid, sha256Hex } from "../ids.js";

const LIVE_PREFIX = "kyc_live_";
// design: Sandbox — test keys sit beside live keys and are told apart by their prefix at a glance.
const TEST_PREFIX = "kyc_test_";
const DISPLAY_LENGTH = LIVE_PREFIX.length + 6;

export interface IssuedKey {
  key_id: string;
  api_key: string;
}

export interface KeySummary {
  key_id: string;
  label: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  test: boolean;
}

export function generateApiKey({ test = false }: { test?: boolean } = {}): string {
  return `${test ? TEST_PREFIX : LIVE_PREFIX}${randomBytes(24).toString("base64url")}`;
}

export function hashApiKey(rawKey: string): string {
  return sha256Hex(rawKey);
}

export async function createApiKey(
  db: Queryable,
  tenantId: string,
  label = "",
  { test = false }: { test?: boolean } = {},
): Promise<IssuedKey> {
  const apiKey = generateApiKey({ test });
  const row = await db
    .insertInto("api_keys")
    .values({
      tenant_id: tenantId,
      label,
      prefix: apiKey.slice(0, DISPLAY_LENGTH),
      key_hash: hashApiKey(apiKey),
      test,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { key_id: row.id, api_key: apiKey };
}

export async function listApiKeys(db: Queryable, tenantId: string): Promise<KeySummary[]> {
  const rows = await db
    .selectFrom("api_keys")
    .select(["id", "label", "prefix", "created_at", "last_used_at", "revoked_at", "test"])
    .where("tenant_id", "=", tenantId)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({
    key_id: row.id,
    label: row.label,
    prefix: `${row.prefix}…`,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    test: row.test,
  }));
}

/** Revokes one active key; `tenantId` scopes the lookup (the console names the tenant in its URL). */
export async function revokeApiKey(
  db: Queryable,
  keyId: string,
  { actor = "operator", tenantId }: { actor?: string; tenantId?: string } = {},
): Promise<void> {
  if (!isUuid(keyId)) throw new AppError("not_found", { message: "No such active key." });
  const keyHash = await withTransaction(db, async (tx) => {
    let update = tx
      .updateTable("api_keys")
      .set({ revoked_at: new Date() })
      .where("id", "=", keyId)
      .where("revoked_at", "is", null);
    if (tenantId) update = update.where("tenant_id", "=", tenantId);
    const row = await update.returning(["tenant_id", "key_hash"]).executeTakeFirst();
    if (!row) throw new AppError("not_found", { message: "No such active key." });
    await recordAudit(tx, { tenantId: row.tenant_id, actor, action: "api_key.revoke", target: keyId });
    return row.key_hash;
  });
  // This process forgets the key at once; other nodes when the commit's notification arrives (0027).
  forgetApiKeys({ keyHash });
}

/** Revokes every key of the tenant at once and issues one new key (spec: Authentication 4). */
export async function rotateAllApiKeys(
  db: Queryable,
  tenantId: string,
  actor = "operator",
): Promise<IssuedKey> {
  const issued = await withTransaction(db, async (tx) => {
    await tx
      .updateTable("api_keys")
      .set({ revoked_at: new Date() })
      .where("tenant_id", "=", tenantId)
      .where("revoked_at", "is", null)
      .execute();
    const issued = await createApiKey(tx, tenantId, "rotated");
    await recordAudit(tx, { tenantId, actor, action: "api_key.rotate_all", target: issued.key_id });
    return issued;
  });
  forgetApiKeys({ tenantId });
  return issued;
}
