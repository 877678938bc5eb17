// Ledger pages are kept in memory on PGlite (platform/credits/ledger-page-cache.ts), yet every committed
// change of a tenant's ledger is on that tenant's very next page, whoever made it (a session's debit, a
// top-up, the console, SQL by hand): migration 0031's trigger announces it at commit. Another tenant's change
// keeps the page; a rolled-back debit leaves nothing behind; a bad date is the same 400. On a PostgreSQL
// server (DATABASE_URL) nothing is cached; the same reads must hold there too.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { debit, topUp } from "../../src/platform/credits/ledger.js";
import { createLedgerPageCache } from "../../src/platform/credits/ledger-page-cache.js";
import {
  type LedgerPage,
  type LedgerPageQuery,
  ledgerPageQuery,
  listLedger,
} from "../../src/platform/credits/list-ledger.js";
import { withTransaction } from "../../src/platform/db/transaction.js";
import { operator } from "../console/console-support.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";

const LEDGER = "/v3/credits/ledger/";

describe("ledger page cache", () => {
  let t: TestApp;
  let pglite: boolean;

  before(async () => {
    t = await createTestApp();
    pglite = t.services.database.kind === "pglite";
  });
  after(() => t.close());

  const page = async (tenant: TestTenant, query = "?page_size=1"): Promise<LedgerPage> => {
    const response = await t.app.inject({ url: `${LEDGER}${query}`, headers: tenant.headers });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as LedgerPage;
  };
  /** Reads the page twice, so it is served from memory where there is a cache. */
  const pageTwice = async (tenant: TestTenant, query = "?page_size=1") => {
    await page(tenant, query);
    return page(tenant, query);
  };
  const createSession = async (tenant: TestTenant): Promise<string> => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: {},
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json().id;
  };
  /** The services' cache, with a load that reads the database and is counted. */
  const countedRead = (tenant: TestTenant) => {
    const query = ledgerPageQuery({ page_size: "1" });
    let loads = 0;
    const read = () =>
      t.services.ledgerPages.read(tenant.tenant_id, query, () => {
        loads += 1;
        return listLedger(t.services.db, tenant.tenant_id, { page_size: "1" });
      });
    return { read, loads: () => loads };
  };

  test("PGlite serves a repeated page from memory; a server reads the database every time", async () => {
    const tenant = await t.tenant();
    const { read, loads } = countedRead(tenant);
    const first = await read();
    assert.deepEqual(await read(), first);
    assert.equal(loads(), pglite ? 1 : 2);
  });

  test("a session's debit is on the tenant's next page, though the page before it was kept", async () => {
    const tenant = await t.tenant();
    const before = await pageTwice(tenant);
    const sessionId = await createSession(tenant);
    const after = await page(tenant);
    assert.equal(after.count, before.count + 1);
    assert.equal(after.results[0]!.session_id, sessionId);
    assert.equal(after.results[0]!.reason, "session_create");
  });

  test("a top-up by the domain function `kyc credits topup` uses is on the next page", async () => {
    const tenant = await t.tenant();
    const before = await pageTwice(tenant);
    await withTransaction(t.services.db, (tx) => topUp(tx, tenant.tenant_id, "12.5", "by hand"));
    const after = await page(tenant);
    assert.equal(after.count, before.count + 1);
    assert.deepEqual([after.results[0]!.reason, after.results[0]!.delta], ["topup", "12.5"]);
  });

  test("a row written by hand in SQL is on the very next page", async () => {
    const tenant = await t.tenant();
    const before = await pageTwice(tenant, "?since=2026-01-01&until=2026-01-31");
    await sql`INSERT INTO credit_ledger (tenant_id, delta, reason, created_at)
      VALUES (${tenant.tenant_id}, ${"-3"}, ${"adjust"}, ${"2026-01-15T12:00:00Z"})`.execute(t.services.db);
    const after = await page(tenant, "?since=2026-01-01&until=2026-01-31");
    assert.equal(after.count, before.count + 1);
    assert.equal(after.results[0]!.delta, "-3");
  });

  test("another tenant's debit keeps the page; the tenant's own change drops it", async () => {
    const tenant = await t.tenant();
    const other = await t.tenant();
    const { read, loads } = countedRead(tenant);
    const kept = await read();
    await read();
    await createSession(other);
    assert.deepEqual(await read(), kept);
    assert.equal(loads(), pglite ? 1 : 3, "another tenant's debit does not drop the page");
    await withTransaction(t.services.db, (tx) => topUp(tx, tenant.tenant_id, "1"));
    const after = await read();
    assert.equal(loads(), pglite ? 2 : 4);
    assert.equal(after.count, kept.count + 1);
  });

  test("a rolled-back debit is on no page, not even one read inside its transaction", async () => {
    const tenant = await t.tenant();
    const before = await pageTwice(tenant);
    const refused = new Error("the action the debit paid for failed");
    await assert.rejects(
      withTransaction(t.services.db, async (tx) => {
        await debit(tx, {
          tenantId: tenant.tenant_id,
          feature: "SESSION",
          reason: "tool_usage",
          amount: "2",
        });
        // The transaction sees its own debit; its answer must not be kept for anyone else.
        const inside = await listLedger(
          tx,
          tenant.tenant_id,
          { page_size: "1" },
          { cache: t.services.ledgerPages },
        );
        assert.equal(inside.count, before.count + 1);
        throw refused;
      }),
      refused,
    );
    assert.deepEqual(await page(tenant), before);
    assert.deepEqual(await page(tenant), before);
  });

  test("a read that raced with a change of the tenant's ledger is not kept", async () => {
    const tenant = await t.tenant();
    const cache = await createLedgerPageCache(t.services.database);
    const query = ledgerPageQuery({ page_size: "1" });
    const load = () => listLedger(t.services.db, tenant.tenant_id, { page_size: "1" });
    try {
      // The first read loads the page, and the ledger changes before that read is stored.
      const stale = await cache.read(tenant.tenant_id, query, async () => {
        const before = await load();
        await withTransaction(t.services.db, (tx) => topUp(tx, tenant.tenant_id, "7"));
        return before;
      });
      const next = await cache.read(tenant.tenant_id, query, load);
      assert.equal(next.count, stale.count + 1);
      assert.equal(next.results[0]!.delta, "7");
    } finally {
      await cache.close();
    }
  });

  test("a bad date is the same 400 every time, kept page or not", async () => {
    const tenant = await t.tenant();
    await pageTwice(tenant, "?since=2026-02-01");
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({ url: `${LEDGER}?since=2026-02-30`, headers: tenant.headers });
      assert.equal(response.statusCode, 400, response.body);
      assert.deepEqual(response.json(), { detail: "since must be YYYY-MM-DD." });
    }
  });

  test("an operator's top-up in the console is on the next page of both the console and /v3", async () => {
    const tenant = await t.tenant();
    const admin = await operator(t);
    const consolePage = async () => {
      const response = await t.app.inject({
        url: `/console/api/tenants/${tenant.tenant_id}/credits/ledger?page_size=1`,
        headers: admin.headers,
      });
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as LedgerPage;
    };
    await consolePage();
    const before = await consolePage();
    assert.deepEqual(await pageTwice(tenant), before, "the console and /v3 show the same page");
    const topped = await t.app.inject({
      method: "POST",
      url: `/console/api/tenants/${tenant.tenant_id}/credits/top-up`,
      headers: admin.headers,
      payload: { amount: "5" },
    });
    assert.equal(topped.statusCode, 200, topped.body);
    for (const after of [await consolePage(), await page(tenant)]) {
      assert.equal(after.count, before.count + 1);
      assert.deepEqual([after.results[0]!.reason, after.results[0]!.delta], ["topup", "5"]);
    }
  });

  test("kept pages stay within their page, row and time bounds, oldest dropped first", async () => {
    const cache = await createLedgerPageCache(t.services.database, { maxPages: 2, maxRows: 3, ttlMs: 50 });
    const loads: string[] = [];
    /** A page of `rows` made-up rows for tenant `tenantId` (no database: only the bounds are under test). */
    const read = (tenantId: string, pageNumber: number, rows: number) => {
      const query: LedgerPageQuery = { since: undefined, until: undefined, page: pageNumber, pageSize: 10 };
      return cache.read(tenantId, query, async () => {
        loads.push(`${tenantId}:${pageNumber}`);
        return { count: rows, page: pageNumber, page_size: 10, results: Array(rows).fill(null) };
      });
    };
    try {
      await read("a", 1, 1);
      await read("a", 2, 1);
      await read("b", 1, 1); // a third page: a:1, the oldest, goes
      await read("a", 2, 1);
      await read("b", 1, 1);
      await read("a", 1, 1);
      const afterPages = pglite ? ["a:1", "a:2", "b:1", "a:1"] : ["a:1", "a:2", "b:1", "a:2", "b:1", "a:1"];
      assert.deepEqual(loads, afterPages, "at most two pages");

      loads.length = 0;
      await read("c", 1, 3); // three rows: every other page goes
      await read("b", 1, 1);
      await read("c", 1, 3); // b:1 took its place
      assert.deepEqual(loads, ["c:1", "b:1", "c:1"], "at most three rows");

      loads.length = 0;
      await read("d", 1, 4); // more rows than all kept pages may hold: never kept
      await read("d", 1, 4);
      await read("e", 1, 1);
      await sleep(80);
      await read("e", 1, 1);
      assert.deepEqual(loads, ["d:1", "d:1", "e:1", "e:1"], "a page too big or too old is read again");
    } finally {
      await cache.close();
    }
  });
});
