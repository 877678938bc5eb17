// Ledger pages answered from memory on the embedded database (issue 18), as session reads are
// (verify/sessions/session-read-cache.ts). On PGlite the statements run on the thread that serves HTTP and a
// one-row ledger page cost ~0.6 ms of it, polled by integrators though a tenant's ledger changes only when
// it is billed or topped up. So each page answer is kept per tenant and query, and the tenant's pages are
// dropped the moment its ledger changes:
// - migration 0031's trigger NOTIFYs `kyc_ledger_changed` with the tenant id when a transaction that
//   inserted, updated or deleted that tenant's `credit_ledger` rows commits, whoever made the change (a
//   debit, a top-up, a refund, a deleted tenant's rows, SQL by hand); PGlite delivers it in-process before
//   the writer's own statement resolves, so the next read — even the writer's — misses the cache. A rolled
//   back transaction notifies nothing and, on PGlite's one connection, no other reader saw its rows;
// - a read that raced with any ledger change is not stored (the generation check);
// - entries live at most `ttlMs`; at most `maxPages` pages and `maxRows` rows in all are kept, oldest
//   dropped first.
// A page holds only `credit_ledger` columns (no balance), so no other table's change can make it stale.
// On a PostgreSQL server several API nodes share the database: nothing is cached and the trigger does not
// notify, as for sessions.
import { sql } from "kysely";
import type { DatabaseHandle } from "../db/database.js";
import type { LedgerPage, LedgerPageQuery } from "./list-ledger.js";

export const LEDGER_CHANGED_CHANNEL = "kyc_ledger_changed";

export interface LedgerPageCache {
  /** `load`'s page for this tenant and query, from memory when the tenant's ledger did not change since. */
  read(tenantId: string, query: LedgerPageQuery, load: () => Promise<LedgerPage>): Promise<LedgerPage>;
  close(): Promise<void>;
}

export interface LedgerPageCacheOptions {
  ttlMs?: number;
  maxPages?: number;
  /** Rows of all kept pages together (a page holds up to 500). */
  maxRows?: number;
}

interface Entry {
  tenantId: string;
  page: LedgerPage;
  expiresAt: number;
}

/** Every read goes to the database (PostgreSQL). */
const uncached: LedgerPageCache = {
  read: (_tenantId, _query, load) => load(),
  async close() {},
};

export async function createLedgerPageCache(
  database: Pick<DatabaseHandle, "kind" | "db" | "listen">,
  options: LedgerPageCacheOptions = {},
): Promise<LedgerPageCache> {
  if (database.kind !== "pglite") return uncached;
  const ttlMs = options.ttlMs ?? 30_000;
  const maxPages = options.maxPages ?? 1_000;
  const maxRows = options.maxRows ?? 20_000;
  /** page key → entry, oldest first (Map keeps insertion order) */
  const pages = new Map<string, Entry>();
  /** tenant id → its page keys */
  const tenants = new Map<string, Set<string>>();
  let rows = 0;
  let generation = 0;

  const drop = (key: string) => {
    const entry = pages.get(key);
    if (!entry) return;
    pages.delete(key);
    rows -= entry.page.results.length;
    const keys = tenants.get(entry.tenantId);
    keys?.delete(key);
    if (keys?.size === 0) tenants.delete(entry.tenantId);
  };
  const forget = (tenantId: string) => {
    generation += 1;
    if (tenantId === "") {
      pages.clear();
      tenants.clear();
      rows = 0;
      return;
    }
    for (const key of tenants.get(tenantId) ?? []) drop(key);
  };
  const unlisten = await database.listen(LEDGER_CHANGED_CHANNEL, forget, () => {
    // PGlite's listeners live in this process and are never lost; should that change, keep nothing.
    forget("");
  });
  // PGlite has one connection for the whole process: from now on its ledger writes notify.
  await sql`SELECT set_config('kyc.notify_ledger_changes', 'on', false)`.execute(database.db);

  return {
    async read(tenantId, query, load) {
      const key = `${tenantId}|${query.since ?? ""}|${query.until ?? ""}|${query.page}|${query.pageSize}`;
      const entry = pages.get(key);
      if (entry) {
        if (entry.expiresAt > Date.now()) return entry.page;
        drop(key);
      }
      const before = generation;
      const page = await load();
      if (generation !== before || page.results.length > maxRows) return page;
      drop(key);
      while (pages.size >= maxPages || (pages.size > 0 && rows + page.results.length > maxRows)) {
        const oldest = pages.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
      pages.set(key, { tenantId, page, expiresAt: Date.now() + ttlMs });
      rows += page.results.length;
      let keys = tenants.get(tenantId);
      if (!keys) {
        keys = new Set();
        tenants.set(tenantId, keys);
      }
      keys.add(key);
      return page;
    },
    async close() {
      pages.clear();
      tenants.clear();
      rows = 0;
      await unlisten().catch(() => {});
    },
  };
}
