// The Services object: everything a route, job or CLI command needs, constructed once from config and
// passed in (style: engines are interfaces chosen from config; no global singletons).
import { join } from "node:path";
import { Redis } from "ioredis";
import { type Logger, pino } from "pino";
import type { Config } from "./config.js";
// Every new tenant gets its default workflow (a tenant-created hook registered on import).
import "./verify/workflows/default-workflow.js";
// Partner applications follow their verification session (a session-status listener registered on import).
import "./partner/applicant/hand-off.js";
import { createEngines, type Engines } from "./engines/engine-registry.js";
import { prepareFaceVectorIndex } from "./identities/face-gallery/vector-index.js";
import { createKeyUsageRecorder, type KeyUsageRecorder } from "./platform/auth/key-usage.js";
import { type DatabaseHandle, type Db, openDatabase } from "./platform/db/database.js";
import { migrateToLatest } from "./platform/db/migrate.js";
import { createMediaStore, type MediaStore } from "./platform/media/media-store.js";
import {
  createDatabaseRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from "./platform/rate-limit/rate-limiter.js";

export interface Services {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  log: Logger;
  rateLimiter: RateLimiter;
  keyUsage: KeyUsageRecorder;
  media: MediaStore;
  engines: Engines;
}

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
    media: createMediaStore(config.mediaStore),
    engines: createEngines(config),
  };
}

export async function closeServices(services: Services): Promise<void> {
  await services.engines.close();
  await services.keyUsage.close();
  await services.rateLimiter.close();
  await services.database.close();
}
