// Named prepared statements for the reads a process runs again and again (issue 18). PGlite parses,
// analyses and plans every unnamed statement anew, in the same single thread that serves HTTP: the session
// read's one statement cost 0.54 ms that way and 0.16 ms as a named statement, the plan reused. A SELECT
// with parameters whose SQL text was seen PREPARE_AFTER times is given a name on its connection (pg then
// sends Parse once and only Bind/Execute after); the first MAX_NAMED texts are named, the rest keep running
// unnamed. Only plain SELECTs: a statement planned without its parameters' values cannot infer the arbiter
// of `ON CONFLICT … WHERE status IN ($1, $2)` (a partial unique index) and fails, where the unnamed
// statement, planned with the values, succeeds; writes, CTEs and scripts (no parameters: migrations) stay
// as they were. Results are the same either way: a named statement is planned again by the database when
// a table it reads changes; only a change of its result columns (ALTER TABLE under a `SELECT *`) fails it:
// that text is never named again, and outside a transaction (where the failed Bind ran nothing) it is run
// at once unnamed, so the caller sees what it saw before.
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type pg from "pg";

export const PREPARE_AFTER = 3;
export const MAX_NAMED = 256;
const PLAIN_SELECT = /^\s*select\s/i;
/** Texts counted but not (yet) named; forgotten all at once beyond this, so counting stays bounded. */
const MAX_COUNTED = 4_096;

export interface PreparingPoolOptions {
  prepareAfter?: number;
  maxNamed?: number;
}

/** A Kysely pool over `pool` whose clients name the statements they repeat (one statement cache each). */
export function preparingPool(pool: pg.Pool, options: PreparingPoolOptions = {}): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  let connections = 0;
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        connections += 1;
        wrapped = preparingClient(client, `k${connections}_`, options);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}

function preparingClient(
  client: pg.PoolClient,
  // Per connection: on PGlite every connection is the same backend, whose statements outlive a replaced one.
  prefix: string,
  options: PreparingPoolOptions,
): PostgresPoolClient {
  const prepareAfter = options.prepareAfter ?? PREPARE_AFTER;
  const maxNamed = options.maxNamed ?? MAX_NAMED;
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  const refused = new Set<string>();
  let named = 0;

  const nameFor = (text: string): string | undefined => {
    const name = names.get(text);
    if (name !== undefined || named >= maxNamed || refused.has(text)) return name;
    const count = (seen.get(text) ?? 0) + 1;
    if (count < prepareAfter) {
      if (seen.size >= MAX_COUNTED) seen.clear();
      seen.set(text, count);
      return undefined;
    }
    seen.delete(text);
    named += 1;
    names.set(text, `${prefix}${named}`);
    return `${prefix}${named}`;
  };

  // pg's result is what Kysely's own PostgresDriver reads from it (command, rowCount, rows).
  const query = async (text: string, values: readonly unknown[]) => {
    const name = values.length > 0 && PLAIN_SELECT.test(text) ? nameFor(text) : undefined;
    if (name === undefined) return (await client.query(text, [...values])) as PostgresQueryResult<unknown>;
    try {
      return (await client.query({ name, text, values: [...values] })) as PostgresQueryResult<unknown>;
    } catch (error) {
      // 0A000 "cached plan must not change result type": the statement's table changed under it.
      if ((error as { code?: string }).code !== "0A000") throw error;
      names.delete(text);
      refused.add(text);
      if (client.getTransactionStatus() !== "I") throw error;
      return (await client.query(text, [...values])) as PostgresQueryResult<unknown>;
    }
  };

  const cursors = client as unknown as PostgresPoolClient;
  return {
    // Kysely passes either SQL text and its parameters, or a cursor (streamed reads), which goes through.
    query: ((first: string | PostgresCursor<unknown>, values?: readonly unknown[]) =>
      typeof first === "string"
        ? query(first, values ?? [])
        : cursors.query(first)) as PostgresPoolClient["query"],
    release: () => client.release(),
  };
}
