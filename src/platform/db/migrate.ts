// Plain .sql migrations, applied in file-name order in one transaction, identical on PGlite and PostgreSQL.
// Kysely's Migrator is not used: it looks for its bookkeeping table by introspecting every schema of the
// database, which races with another run dropping its schema (test runs, several services on one server).
// Here the bookkeeping table lives in the current schema and concurrent starters serialise on an advisory
// lock keyed by that schema.
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import type { Db } from "./database.js";

/** The repo's `migrations/` folder, found from this file both under src/ (tsx) and dist/ (compiled). */
const MIGRATIONS_DIR = fileURLToPath(new URL("../../../migrations/", import.meta.url));

export interface MigrationReport {
  applied: string[];
}

export async function migrateToLatest(db: Db): Promise<MigrationReport> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith(".sql")).sort();
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('kyc_migrations:' || current_schema()))`.execute(tx);
    await sql`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`.execute(tx);
    const done = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(tx);
    const appliedBefore = new Set(done.rows.map((row) => row.name));
    const applied: string[] = [];
    for (const file of files) {
      const name = file.replace(/\.sql$/, "");
      if (appliedBefore.has(name)) continue;
      await sql.raw(await readFile(`${MIGRATIONS_DIR}${file}`, "utf8")).execute(tx);
      await sql`INSERT INTO schema_migrations (name) VALUES (${name})`.execute(tx);
      applied.push(name);
    }
    return { applied };
  });
}
