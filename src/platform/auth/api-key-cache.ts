// A short cache of API-key lookups, so an authenticated request does not pay a database round trip for its
// key. Safe because it is told of every change at once:
// - every node LISTENs on `kyc_auth_changed`, which database triggers (migration 0027) NOTIFY when a key is
//   revoked, re-keyed or deleted, or a tenant is suspended or deleted — on commit, whoever made the change;
// - this process also drops its entries the moment it makes such a change itself (forgetApiKeys, called by
//   the functions that revoke keys and set tenant status), before the notification comes back;
// - while the LISTEN connection is down nothing is cached (every request reads the database), and entries
//   live at most `ttlMs` anyway.
// Only successful lookups are cached; an unknown or refused key is read from the database every time.
import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/database.js";
import type { TenantContext } from "./authenticate.js";

export const AUTH_CHANGED_CHANNEL = "kyc_auth_changed";

export interface ApiKeyCache {
  /** The cached context of a key hash, or undefined. */
  get(keyHash: string): TenantContext | undefined;
  /** A token to hand back to `set`: a lookup that raced with an invalidation is not stored. */
  generation(): number;
  set(keyHash: string, context: TenantContext, generation: number): void;
  close(): Promise<void>;
}

export interface ApiKeyCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Delay before listening again after the LISTEN connection failed. */
  relistenMs?: number;
  log?: Logger;
}

interface Entry {
  context: TenantContext;
  expiresAt: number;
}

/** Every cache of this process: a change made here is forgotten by all of them synchronously. */
const LIVE_CACHES = new Set<LocalCache>();

/** Drops cached lookups of a key hash or of a tenant's keys in this process (all of it with no argument). */
export function forgetApiKeys(change?: { keyHash?: string; tenantId?: string }): void {
  for (const cache of LIVE_CACHES) cache.forget(change);
}

class LocalCache {
  private readonly entries = new Map<string, Entry>();
  private counter = 0;
  listening = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(keyHash: string): TenantContext | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(keyHash);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(keyHash);
      return undefined;
    }
    return entry.context;
  }

  generation(): number {
    return this.counter;
  }

  set(keyHash: string, context: TenantContext, generation: number): void {
    if (!this.listening || generation !== this.counter) return;
    if (this.entries.size >= this.maxEntries) {
      // Oldest first (Map keeps insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(keyHash, { context, expiresAt: Date.now() + this.ttlMs });
  }

  forget(change?: { keyHash?: string; tenantId?: string }): void {
    this.counter += 1;
    if (!change || (!change.keyHash && !change.tenantId)) {
      this.entries.clear();
      return;
    }
    if (change.keyHash) this.entries.delete(change.keyHash);
    if (change.tenantId) {
      for (const [hash, entry] of this.entries) {
        if (entry.context.tenantId === change.tenantId) this.entries.delete(hash);
      }
    }
  }

  /** `key:<hash>` or `tenant:<id>`; anything else forgets everything. */
  onNotify(payload: string): void {
    if (payload.startsWith("key:")) this.forget({ keyHash: payload.slice(4) });
    else if (payload.startsWith("tenant:")) this.forget({ tenantId: payload.slice(7) });
    else this.forget();
  }
}

export async function createApiKeyCache(
  database: Pick<DatabaseHandle, "listen">,
  options: ApiKeyCacheOptions = {},
): Promise<ApiKeyCache> {
  const local = new LocalCache(options.ttlMs ?? 30_000, options.maxEntries ?? 10_000);
  const relistenMs = options.relistenMs ?? 5_000;
  let closed = false;
  let unlisten: (() => Promise<void>) | null = null;
  let retry: NodeJS.Timeout | null = null;

  const onLost = () => {
    // Notifications may have been missed: cache nothing until listening again.
    local.listening = false;
    local.forget();
    unlisten = null;
    if (closed) return;
    options.log?.warn("API-key cache: LISTEN connection lost; reading every key from the database");
    schedule();
  };
  const listen = async () => {
    try {
      unlisten = await database.listen(AUTH_CHANGED_CHANNEL, (payload) => local.onNotify(payload), onLost);
      if (closed) {
        await unlisten();
        return;
      }
      local.forget(); // anything cached before (re)listening may have missed a change
      local.listening = true;
    } catch (error) {
      options.log?.warn({ err: (error as Error).message }, "API-key cache: LISTEN failed; not caching");
      schedule();
    }
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void listen();
    }, relistenMs);
    retry.unref();
  };

  await listen();
  LIVE_CACHES.add(local);
  return {
    get: (keyHash) => local.get(keyHash),
    generation: () => local.generation(),
    set: (keyHash, context, generation) => local.set(keyHash, context, generation),
    async close() {
      closed = true;
      local.listening = false;
      LIVE_CACHES.delete(local);
      if (retry) clearTimeout(retry);
      await unlisten?.().catch(() => {});
    },
  };
}
