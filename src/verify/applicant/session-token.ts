// Session URL tokens (`{flow_url}/verify/<token>`, issue 22): only their SHA-256 is stored (migration 0011),
// and a read of the session still shows its URL because the token is derived, not stored:
//   token = base64url(session id (16 bytes) ‖ HMAC-SHA256(key, "session-url:" ‖ id)[0..18))   → 46 characters
// The key is SESSION_TOKEN_KEY, or a random key kept in DATA_DIR/session-token.key (created on first use).
// A database copy alone therefore opens no session. Lookups go by the stored hash (O(1)); a token whose hash
// is not stored but whose MAC verifies (a session created before 0011, whose stored hash is of its original
// random token) is looked up by the id it carries. Tokens are never logged (platform/http/redact-url.ts).
import { createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../../config.js";
import { sha256Hex } from "../../platform/ids.js";

const MAC_BYTES = 18;
/** One KeyObject per key: building it from the bytes on every token was a measurable part of a create. */
const keys = new Map<string, KeyObject>();

type TokenConfig = Pick<Config, "dataDir" | "sessionTokenKey">;

function tokenKey(config: TokenConfig): KeyObject {
  const cacheKey = config.sessionTokenKey ? `env:${config.sessionTokenKey}` : `dir:${config.dataDir}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = createSecretKey(
      config.sessionTokenKey ? Buffer.from(config.sessionTokenKey, "utf8") : keyFromDataDir(config.dataDir),
    );
    keys.set(cacheKey, key);
  }
  return key;
}

function keyFromDataDir(dataDir: string): Buffer {
  const path = join(dataDir, "session-token.key");
  if (!existsSync(path)) {
    mkdirSync(dataDir, { recursive: true });
    // `wx`: when two processes race, the second write fails and both read the first one's key.
    try {
      writeFileSync(path, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    chmodSync(path, 0o600);
  }
  return Buffer.from(readFileSync(path, "utf8").trim(), "hex");
}

function mac(key: KeyObject, idBytes: Buffer): Buffer {
  return createHmac("sha256", key).update("session-url:").update(idBytes).digest().subarray(0, MAC_BYTES);
}

function uuidBytes(id: string): Buffer {
  return Buffer.from(id.replace(/-/g, ""), "hex");
}

/** The URL token of a session (deterministic: the same on every read and every API node sharing the key). */
export function sessionUrlToken(config: TokenConfig, sessionId: string): string {
  const id = uuidBytes(sessionId);
  return Buffer.concat([id, mac(tokenKey(config), id)]).toString("base64url");
}

/** What the database stores for a token. */
export function sessionTokenHash(token: string): string {
  return sha256Hex(token);
}

/** The session id a derived token carries when its MAC verifies, else undefined. */
export function sessionIdFromToken(config: TokenConfig, token: string): string | undefined {
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== 16 + MAC_BYTES || bytes.toString("base64url") !== token) return undefined;
  const id = bytes.subarray(0, 16);
  if (!timingSafeEqual(bytes.subarray(16), mac(tokenKey(config), id))) return undefined;
  const hex = id.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
