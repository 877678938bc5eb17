// Plain .sql migrations applied through Kysely's Migrator, identical on PGlite and PostgreSQL.
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import type { Db } from "./database.js";

/** The repo's `migrations/` folder, found from this file both under src/ (tsx) and dist/ (compiled). */
const MIGRATIONS_DIR = fileURLToPath(new URL("../../../migrations/", import.meta.url));

class SqlFileMigrationProvider implements MigrationProvider {
  constructor(private readonly dir: string) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.dir)).filter((name) => name.endsWith(".sql")).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const text = await readFile(`${this.dir}${file}`, "utf8");
      migrations[file.replace(/\.sql$/, "")] = {
        up: async (db) => {
          await sql.raw(text).execute(db);
        },
      };
    }
    return migrations;
  }
}

export interface MigrationReport {
  applied: string[];
}

export async function migrateToLatest(db: Db): Promise<MigrationReport> {
  // Without an explicit schema Kysely takes a kysely_migration table in ANY schema as ours, so a run in its
  // own DATABASE_SCHEMA beside another (tests, several tenants of one server) skipped creating its tables.
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: new SqlFileMigrationProvider(MIGRATIONS_DIR),
    migrationTableSchema: rows[0]!.schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return { applied: (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName) };
}
