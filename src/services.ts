// The Services object: everything a route, job or CLI command needs, constructed once from config by the
// composition root (src/composition/create-services.ts) and passed in (style: engines are interfaces chosen
// from config; no global singletons). This file only names the type, so any layer may import it type-only.
import type { Logger } from "pino";
import type { Config } from "./config.js";
import type { Engines } from "./engines/engine-registry.js";
import type { Messaging } from "./engines/messaging/messaging.js";
import type { ApiKeyCache } from "./platform/auth/api-key-cache.js";
import type { KeyUsageRecorder } from "./platform/auth/key-usage.js";
import type { LedgerPageCache } from "./platform/credits/ledger-page-cache.js";
import type { DatabaseHandle, Db } from "./platform/db/database.js";
import type { MediaStore } from "./platform/media/media-store.js";
import type { RateLimiter } from "./platform/rate-limit/rate-limiter.js";
import type { TenantCreatedHook } from "./platform/tenants/tenants.js";
import type { SessionReadCache } from "./verify/sessions/session-read-cache.js";
import type { SessionStatusListener } from "./verify/sessions/transition-session.js";

export interface Services {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  log: Logger;
  rateLimiter: RateLimiter;
  keyUsage: KeyUsageRecorder;
  /** Recent API-key lookups, dropped on revoke/suspend on every node (LISTEN/NOTIFY, migration 0027). */
  apiKeys: ApiKeyCache;
  /** Session reads kept in memory on PGlite, dropped when the session changes (migration 0030); none on a server. */
  sessionReads: SessionReadCache;
  /** Credit-ledger pages kept in memory on PGlite, dropped when the tenant's ledger changes (migration 0031); none on a server. */
  ledgerPages: LedgerPageCache;
  media: MediaStore;
  engines: Engines;
  /** Email and SMS to applicants (OTP steps); a channel is null when not configured. */
  messaging: Messaging;
  hooks: ServiceHooks;
}

/** What one area runs when another area's state changes, listed in src/composition/hooks.ts. */
export interface ServiceHooks {
  /** Inside the transaction that creates a tenant (the default workflow). */
  tenantCreated: readonly TenantCreatedHook[];
  /** Inside the transaction that moves a session linked to a partner application (the application follows). */
  sessionStatusChanged: readonly SessionStatusListener[];
}
