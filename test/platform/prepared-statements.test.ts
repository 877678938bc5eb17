// PGlite runs the SELECTs it is given again and again as named prepared statements
// (platform/db/prepared-statements.ts): the rows are the same as unnamed, a write is seen by the next read,
// writes and scripts without parameters run as before, and a table changed under a prepared `SELECT *` still
// answers.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../src/platform/db/database.js";
import { PREPARE_AFTER, preparingPool } from "../../src/platform/db/prepared-statements.js";

async function preparedTexts(db: Kysely<unknown>): Promise<string[]> {
  const result = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(db);
  return result.rows.map((row) => row.statement);
}

describe("prepared statements on PGlite", () => {
  let database: DatabaseHandle;
  let db: Kysely<unknown>;

  before(async () => {
    database = await openDatabase({});
    db = database.db as unknown as Kysely<unknown>;
    await sql`CREATE TABLE things (id int PRIMARY KEY, label text)`.execute(db);
    await sql`INSERT INTO things VALUES (1, 'one'), (2, 'two')`.execute(db);
  });
  after(() => database?.close());

  const labelOf = async (id: number) =>
    (await sql<{ label: string }>`SELECT label FROM things WHERE id = ${id}`.execute(db)).rows;

  test("a statement repeated with parameters becomes a named statement answering the same rows", async () => {
    const first = await labelOf(1);
    for (let i = 0; i < PREPARE_AFTER + 2; i++) assert.deepEqual(await labelOf(1), first);
    assert.deepEqual(await labelOf(2), [{ label: "two" }]);
    assert.ok((await preparedTexts(db)).some((text) => text.includes("SELECT label FROM things")));
  });

  test("a write is seen by the very next read of a prepared statement", async () => {
    for (let i = 0; i < PREPARE_AFTER + 1; i++) await labelOf(1);
    await sql`UPDATE things SET label = ${"uno"} WHERE id = ${1}`.execute(db);
    assert.deepEqual(await labelOf(1), [{ label: "uno" }]);
    await sql`UPDATE things SET label = ${"one"} WHERE id = ${1}`.execute(db);
    assert.deepEqual(await labelOf(1), [{ label: "one" }]);
  });

  test("statements without parameters stay unnamed, so scripts of several statements still run", async () => {
    for (let i = 0; i < PREPARE_AFTER + 1; i++) {
      await sql.raw("UPDATE things SET label = label WHERE id = 1; SELECT 1").execute(db);
    }
    assert.ok(!(await preparedTexts(db)).some((text) => text.includes("label = label")));
  });

  test("an upsert whose conflict target is a partial index with parameters runs every time", async () => {
    // Planned without its parameters' values (a generic plan) it could not find its arbiter index.
    await sql`CREATE TABLE tasks (name text NOT NULL, key text, status text NOT NULL)`.execute(db);
    await sql`CREATE UNIQUE INDEX tasks_live ON tasks (name, key) WHERE status IN ('queued', 'running')`.execute(
      db,
    );
    for (let i = 0; i < 10; i++) {
      await sql`INSERT INTO tasks VALUES (${"sweep"}, ${"daily"}, ${"queued"})
        ON CONFLICT (name, key) WHERE status IN (${"queued"}, ${"running"}) DO NOTHING`.execute(db);
    }
    const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM tasks`.execute(db);
    assert.deepEqual(count.rows, [{ n: 1 }]);
    assert.ok(!(await preparedTexts(db)).some((text) => text.includes("INSERT INTO tasks")));
  });

  test("a table changed under a prepared SELECT * still answers, with its new column", async () => {
    await sql`CREATE TABLE widgets (id int PRIMARY KEY)`.execute(db);
    await sql`INSERT INTO widgets VALUES (1)`.execute(db);
    const all = async () => (await sql`SELECT * FROM widgets WHERE id = ${1}`.execute(db)).rows;
    for (let i = 0; i < PREPARE_AFTER + 1; i++) assert.deepEqual(await all(), [{ id: 1 }]);
    await sql`ALTER TABLE widgets ADD COLUMN colour text DEFAULT 'blue'`.execute(db);
    assert.deepEqual(await all(), [{ id: 1, colour: "blue" }]);
    assert.deepEqual(await all(), [{ id: 1, colour: "blue" }]);
  });
});

describe("prepared statement limit", () => {
  test("only the first maxNamed texts are named; later ones run unnamed with the same rows", async () => {
    const pglite = await PGlite.create();
    const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
    const db = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: preparingPool(pool, { maxNamed: 2 }) }),
    });
    try {
      for (const n of [1, 2, 3]) {
        for (let i = 0; i < PREPARE_AFTER + 1; i++) {
          const rows = (await sql`SELECT ${i}::int + ${sql.raw(String(n))} AS v`.execute(db)).rows;
          assert.deepEqual(rows, [{ v: i + n }]);
        }
      }
      assert.equal((await preparedTexts(db)).length, 2);
    } finally {
      await db.destroy();
      await pglite.close();
    }
  });
});
