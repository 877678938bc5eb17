// Builds the Services object once per process (design: Processes and scale): database and migrations,
// the face vector index, rate limiter, key-usage recorder, media store, engines and the hooks list.
import { join } from "node:path";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import { pino } from "pino";
import type { Config } from "../config.js";
import { createEngines } from "../engines/engine-registry.js";
import { createMessaging } from "../engines/messaging/messaging.js";
import { prepareFaceVectorIndex } from "../identities/face-gallery/vector-index.js";
import { createApiKeyCache } from "../platform/auth/api-key-cache.js";
import { createKeyUsageRecorder } from "../platform/auth/key-usage.js";
import { createLedgerPageCache } from "../platform/credits/ledger-page-cache.js";
import { openDatabase } from "../platform/db/database.js";
import { migrateToLatest } from "../platform/db/migrate.js";
import { createMediaStore } from "../platform/media/media-store.js";
import { createDatabaseRateLimiter, createRedisRateLimiter } from "../platform/rate-limit/rate-limiter.js";
import type { Services } from "../services.js";
import { createSessionReadCache } from "../verify/sessions/session-read-cache.js";
import { serviceHooks } from "./hooks.js";

export interface CreateServicesOptions {
  /** Log destination; default stdout at the configured level. */
  log?: Logger;
  /** Tests: use an in-memory PGlite instead of DATA_DIR. */
  inMemory?: boolean;
}

export async function createServices(config: Config, options: CreateServicesOptions = {}): Promise<Services> {
  const log = options.log ?? pino({ level: config.logLevel });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    pgliteDir: options.inMemory ? undefined : join(config.dataDir, "pgdata"),
  });
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  // Workers enrol faces too, so the vector column and index are prepared here rather than on HTTP start.
  await prepareFaceVectorIndex(database.db, database.vectorAvailable);
  if (!database.vectorAvailable) {
    log.warn(
      "pgvector is not installed on this PostgreSQL server: face search falls back to exact in-process search",
    );
  }
  const rateLimiter = config.redisUrl
    ? createRedisRateLimiter(new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }))
    : createDatabaseRateLimiter(database.db);
  return {
    config,
    database,
    db: database.db,
    log,
    rateLimiter,
    keyUsage: createKeyUsageRecorder(database.db),
    apiKeys: await createApiKeyCache(database, { log }),
    sessionReads: await createSessionReadCache(database),
    ledgerPages: await createLedgerPageCache(database),
    media: createMediaStore(config.mediaStore, config.s3),
    engines: createEngines(config, log),
    messaging: createMessaging(config, log),
    hooks: serviceHooks,
  };
}

export async function closeServices(services: Services): Promise<void> {
  await services.engines.close();
  await services.messaging.close();
  await services.keyUsage.close();
  await services.apiKeys.close();
  await services.sessionReads.close();
  await services.ledgerPages.close();
  await services.rateLimiter.close();
  await services.media.close();
  await services.database.close();
}
