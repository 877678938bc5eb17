// Session reads answered from memory on the embedded database (issue 18). On PGlite the database lives in
// this one process (DATA_DIR is locked against a second opener), and its statements run on the thread that
// serves HTTP: a session object cost ~0.3 ms of database work per read, polled again and again by
// integrators though it rarely changes. So the answers of the session reads are kept, per session, and
// dropped the moment the session changes:
// - migration 0030's triggers NOTIFY `kyc_session_changed` with the session id when a transaction that
//   touched the session's row, nodes, reviews, video calls or screenshots commits, whoever made the change;
//   PGlite delivers it in-process before the writer's own statement resolves, so the next read — even the
//   writer's — misses the cache;
// - a read that raced with any change is not stored (the generation check), so no answer older than a
//   commit is kept;
// - entries live at most `ttlMs` and `maxSessions` sessions are kept, oldest dropped first.
// On a PostgreSQL server several API nodes share the database and a NOTIFY reaches the others only later:
// nothing is cached there and every read goes to the database, as before.
import { sql } from "kysely";
import type { DatabaseHandle } from "../../platform/db/database.js";

export const SESSION_CHANGED_CHANNEL = "kyc_session_changed";

/** Which answer of a session is kept: the session object or the decision summary. */
export type SessionReadKind = "session" | "decision";

export interface SessionReadCache {
  /** `load`'s answer for this tenant's session, from memory when nothing changed since it was stored. */
  read<T>(kind: SessionReadKind, tenantId: string, sessionId: string, load: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface SessionReadCacheOptions {
  ttlMs?: number;
  maxSessions?: number;
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

/** Every read goes to the database (PostgreSQL). */
const uncached: SessionReadCache = {
  read: (_kind, _tenantId, _sessionId, load) => load(),
  async close() {},
};

export async function createSessionReadCache(
  database: Pick<DatabaseHandle, "kind" | "db" | "listen">,
  options: SessionReadCacheOptions = {},
): Promise<SessionReadCache> {
  if (database.kind !== "pglite") return uncached;
  const ttlMs = options.ttlMs ?? 30_000;
  const maxSessions = options.maxSessions ?? 1_000;
  /** session id → `kind:tenant` → entry */
  const sessions = new Map<string, Map<string, Entry>>();
  let generation = 0;

  const forget = (sessionId: string) => {
    generation += 1;
    if (sessionId === "") sessions.clear();
    else sessions.delete(sessionId);
  };
  const unlisten = await database.listen(SESSION_CHANGED_CHANNEL, forget, () => {
    // PGlite's listeners live in this process and are never lost; should that change, keep nothing.
    forget("");
  });
  // PGlite has one connection for the whole process: from now on its session-table writes notify.
  await sql`SELECT set_config('kyc.notify_session_changes', 'on', false)`.execute(database.db);

  return {
    async read(kind, tenantId, sessionId, load) {
      const key = `${kind}:${tenantId}`;
      const entry = sessions.get(sessionId)?.get(key);
      if (entry && entry.expiresAt > Date.now()) return entry.value as Awaited<ReturnType<typeof load>>;
      const before = generation;
      const value = await load();
      if (generation !== before) return value;
      let entries = sessions.get(sessionId);
      if (!entries) {
        if (sessions.size >= maxSessions) {
          // Oldest first (Map keeps insertion order).
          const oldest = sessions.keys().next().value;
          if (oldest !== undefined) sessions.delete(oldest);
        }
        entries = new Map();
        sessions.set(sessionId, entries);
      }
      entries.set(key, { value, expiresAt: Date.now() + ttlMs });
      return value;
    },
    async close() {
      sessions.clear();
      await unlisten().catch(() => {});
    },
  };
}
