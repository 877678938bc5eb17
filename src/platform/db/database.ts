// One code path for both databases (research/storage.md): stock Kysely PostgresDialect over one pg.Pool,
// either PGlite's pg adapter (max 1 connection) or a PostgreSQL server.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { vector } from "@electric-sql/pglite-pgvector";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { preparingPool } from "./prepared-statements.js";
import type { Database } from "./schema.js";

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /** Whether the pgvector extension is usable (always on PGlite; on a server only when installed). */
  vectorAvailable: boolean;
  /**
   * LISTEN on a channel (NOTIFY is delivered at commit, to every process on the database): PGlite's own
   * in-process listeners, or a dedicated connection to the server. `onLost` is called when that
   * connection fails (notifications may have been missed). Resolves to the unlisten function.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onLost: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Server only: run inside this schema (created when missing). */
  schema?: string;
  /** PGlite only: directory for the data files; omit for an in-memory database. */
  pgliteDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openServer(options.databaseUrl, options.schema, options.poolSize ?? 10);
  return openPglite(options.pgliteDir);
}

async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  if (dir) mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir ? join(dir) : undefined, { extensions: { vector } });
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, idleTimeoutMillis: 0 });
  // PGlite plans in this thread: repeated statements are prepared once (prepared-statements.ts).
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  await sql`CREATE EXTENSION IF NOT EXISTS vector`.execute(db);
  return {
    db,
    kind: "pglite",
    vectorAvailable: true,
    async listen(channel, onNotify) {
      return pglite.listen(channel, (payload) => onNotify(payload));
    },
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

async function openServer(url: string, schema: string | undefined, max: number): Promise<DatabaseHandle> {
  if (schema) {
    const bootstrap = new pg.Client({ connectionString: url });
    await bootstrap.connect();
    try {
      await bootstrap.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await bootstrap.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: schema ? `-c search_path="${schema}",public` : undefined,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let vectorAvailable = false;
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS vector SCHEMA public`.execute(db);
    vectorAvailable = true;
  } catch {
    // A server without pgvector still starts; the gallery falls back to exact in-process search.
    vectorAvailable = false;
  }
  return {
    db,
    kind: "postgres",
    vectorAvailable,
    async listen(channel, onNotify, onLost) {
      const client = new pg.Client({ connectionString: url });
      let ended = false;
      const lost = () => {
        if (ended) return;
        ended = true;
        client.end().catch(() => {});
        onLost();
      };
      client.on("error", lost);
      client.on("end", lost);
      client.on("notification", (message) => {
        if (message.channel === channel) onNotify(message.payload ?? "");
      });
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
      return async () => {
        ended = true;
        await client.end().catch(() => {});
      };
    },
    async close() {
      await db.destroy();
    },
  };
}
