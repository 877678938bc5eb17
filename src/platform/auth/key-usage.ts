// spec: Authentication 4 — `last_used_at` per key. Writing it on every request would double the writes of a
// read, so uses are coalesced in memory and flushed at most every 30 seconds (and on shutdown).
import { sql } from "kysely";
import type { Db } from "../db/database.js";

export interface KeyUsageRecorder {
  record(keyId: string): void;
  flush(): Promise<number>;
  close(): Promise<void>;
}

export function createKeyUsageRecorder(db: Db, flushEveryMs = 30_000): KeyUsageRecorder {
  let pending = new Map<string, Date>();
  let closed = false;
  const timer = setInterval(() => {
    void recorder.flush().catch(() => {});
  }, flushEveryMs);
  timer.unref();

  const recorder: KeyUsageRecorder = {
    record(keyId) {
      if (!closed) pending.set(keyId, new Date());
    },
    async flush() {
      if (pending.size === 0) return 0;
      const batch = pending;
      pending = new Map();
      const ids = [...batch.keys()];
      const times = ids.map((id) => batch.get(id)!.toISOString());
      await sql`
        UPDATE api_keys k SET last_used_at = GREATEST(COALESCE(k.last_used_at, u.used_at), u.used_at)
        FROM (SELECT unnest(${ids}::uuid[]) AS id, unnest(${times}::timestamptz[]) AS used_at) u
        WHERE k.id = u.id`.execute(db);
      return ids.length;
    },
    async close() {
      clearInterval(timer);
      await recorder.flush().catch(() => {});
      closed = true;
    },
  };
  return recorder;
}
