// spec: Verify surface — GET /v3/credits/ledger/: inclusive YYYY-MM-DD bounds, page floor 1, page_size default
// 100 clamped 1..500, newest first; Credit ledger row fields; another tenant's rows are never visible.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import { listLedger } from "../../src/platform/credits/list-ledger.js";
import type { LedgerReason } from "../../src/platform/db/schema.js";
import { withTransaction } from "../../src/platform/db/transaction.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";

const LEDGER = "/v3/credits/ledger/";

interface LedgerBody {
  count: number;
  page: number;
  page_size: number;
  results: Array<Record<string, unknown>>;
}

interface SeedRow {
  created_at: string;
  delta?: string;
  reason?: LedgerReason;
  feature?: string;
  session_id?: string;
  application_id?: string;
}

describe("GET /v3/credits/ledger/", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  async function seed(tenant: TestTenant, rows: SeedRow[]): Promise<void> {
    await t.services.db
      .insertInto("credit_ledger")
      .values(rows.map((row) => ({ tenant_id: tenant.tenant_id, delta: "1", reason: "topup", ...row })))
      .execute();
  }

  async function read(tenant: TestTenant, query = ""): Promise<LedgerBody> {
    const response = await t.app.inject({ url: `${LEDGER}${query}`, headers: tenant.headers });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as LedgerBody;
  }

  /** A tenant with `n` rows one minute apart on 2026-01-10, oldest first; its ledger starts empty. */
  async function tenantWithRows(n: number): Promise<TestTenant> {
    const tenant = await t.tenant({ credits: "0" });
    const start = Date.parse("2026-01-10T00:00:00Z");
    await seed(
      tenant,
      Array.from({ length: n }, (_, i) => ({
        created_at: new Date(start + i * 60_000).toISOString(),
        delta: String(i + 1),
      })),
    );
    return tenant;
  }

  test("an empty ledger is count 0 on page 1 with the default page size", async () => {
    const tenant = await t.tenant({ credits: "0" });
    assert.deepEqual(await read(tenant), { count: 0, page: 1, page_size: 100, results: [] });
  });

  test("rows come newest first with count across all pages", async () => {
    const tenant = await tenantWithRows(7);
    const body = await read(tenant, "?page_size=3");
    assert.equal(body.count, 7);
    assert.deepEqual(
      body.results.map((row) => row.delta),
      ["7", "6", "5"],
    );
    const second = await read(tenant, "?page=2&page_size=3");
    assert.deepEqual(
      second.results.map((row) => row.delta),
      ["4", "3", "2"],
    );
    const last = await read(tenant, "?page=3&page_size=3");
    assert.deepEqual(
      last.results.map((row) => row.delta),
      ["1"],
    );
    const beyond = await read(tenant, "?page=4&page_size=3");
    assert.deepEqual(
      { ...beyond, results: beyond.results.length },
      { count: 7, page: 4, page_size: 3, results: 0 },
    );
  });

  test("page has a floor of 1", async () => {
    const tenant = await tenantWithRows(2);
    for (const page of ["0", "-5", "abc"]) {
      const body = await read(tenant, `?page=${page}`);
      assert.equal(body.page, 1, `page=${page}`);
      assert.equal(body.results.length, 2);
    }
  });

  test("page_size defaults to 100 and is clamped to 1..500", async () => {
    const tenant = await tenantWithRows(501);
    const byDefault = await read(tenant);
    assert.equal(byDefault.page_size, 100);
    assert.equal(byDefault.results.length, 100);
    assert.equal(byDefault.count, 501);
    const tooSmall = await read(tenant, "?page_size=0");
    assert.equal(tooSmall.page_size, 1);
    assert.equal(tooSmall.results.length, 1);
    const negative = await read(tenant, "?page_size=-3");
    assert.equal(negative.page_size, 1);
    const tooLarge = await read(tenant, "?page_size=10000");
    assert.equal(tooLarge.page_size, 500);
    assert.equal(tooLarge.results.length, 500);
    const rest = await read(tenant, "?page=2&page_size=10000");
    assert.equal(rest.results.length, 1);
  });

  test("since and until are inclusive UTC days", async () => {
    const tenant = await t.tenant({ credits: "0" });
    await seed(tenant, [
      { created_at: "2026-02-28T23:59:59.999Z", delta: "1" },
      { created_at: "2026-03-01T00:00:00.000Z", delta: "2" },
      { created_at: "2026-03-01T23:59:59.999Z", delta: "3" },
      { created_at: "2026-03-02T00:00:00.000Z", delta: "4" },
      { created_at: "2026-03-03T12:00:00.000Z", delta: "5" },
    ]);
    const deltas = async (query: string) => (await read(tenant, query)).results.map((row) => row.delta);
    assert.deepEqual(await deltas("?since=2026-03-01&until=2026-03-01"), ["3", "2"]);
    assert.deepEqual(await deltas("?since=2026-03-02"), ["5", "4"]);
    assert.deepEqual(await deltas("?until=2026-02-28"), ["1"]);
    assert.deepEqual(await deltas("?since=2026-03-01&until=2026-03-02"), ["4", "3", "2"]);
    assert.equal((await read(tenant, "?since=2026-03-02&until=2026-03-01")).count, 0);
    assert.equal((await read(tenant, "?since=&until=")).count, 5, "blank bounds are no bounds");
  });

  test("day bounds and times stay UTC whatever the database session's time zone", async () => {
    const tenant = await t.tenant({ credits: "0" });
    await seed(tenant, [
      { created_at: "2026-03-01T00:30:00.123987Z", delta: "1" },
      { created_at: "2026-03-01T23:30:00Z", delta: "2" },
    ]);
    const page = await withTransaction(t.services.db, async (tx) => {
      await sql`SET LOCAL TIME ZONE 'Asia/Kathmandu'`.execute(tx);
      return listLedger(tx, tenant.tenant_id, { since: "2026-03-01", until: "2026-03-01" });
    });
    assert.equal(page.count, 2);
    // Milliseconds are truncated, as JavaScript's Date keeps them.
    assert.deepEqual(
      page.results.map((row) => row.created_at),
      ["2026-03-01T23:30:00.000Z", "2026-03-01T00:30:00.123Z"],
    );
  });

  for (const name of ["since", "until"] as const) {
    test(`a malformed or impossible ${name} is 400 {detail: "${name} must be YYYY-MM-DD."}`, async () => {
      const tenant = await t.tenant();
      for (const value of [
        "2026-2-3",
        "20260301",
        "2026-02-30",
        "2026-13-01",
        "2026-03-01T00:00",
        "yesterday",
      ]) {
        const response = await t.app.inject({
          url: `${LEDGER}?${name}=${encodeURIComponent(value)}`,
          headers: tenant.headers,
        });
        assert.equal(response.statusCode, 400, `${name}=${value}`);
        assert.deepEqual(response.json(), { detail: `${name} must be YYYY-MM-DD.` });
      }
    });
  }

  test("a row is exactly {id, delta, reason, feature, session_id, application_id, created_at}", async () => {
    const tenant = await t.tenant({ credits: "0" });
    await seed(tenant, [
      { created_at: "2026-04-01T10:00:00Z", delta: "25.500000", reason: "topup" },
      {
        created_at: "2026-04-01T11:00:00Z",
        delta: "-0.2500",
        reason: "kyc_module",
        feature: "FACE_MATCH",
        session_id: "sess-1",
        application_id: "app-1",
      },
    ]);
    const [debitRow, topupRow] = (await read(tenant)).results;
    assert.deepEqual(Object.keys(debitRow!).sort(), [
      "application_id",
      "created_at",
      "delta",
      "feature",
      "id",
      "reason",
      "session_id",
    ]);
    assert.match(String(debitRow!.id), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    assert.deepEqual(
      { ...debitRow, id: undefined },
      {
        id: undefined,
        delta: "-0.25",
        reason: "kyc_module",
        feature: "FACE_MATCH",
        session_id: "sess-1",
        application_id: "app-1",
        created_at: "2026-04-01T11:00:00.000Z",
      },
    );
    assert.deepEqual(
      { ...topupRow, id: undefined },
      {
        id: undefined,
        delta: "25.5",
        reason: "topup",
        feature: "",
        session_id: "",
        application_id: "",
        created_at: "2026-04-01T10:00:00.000Z",
      },
    );
  });

  test("a tenant's initial credits appear as a topup row", async () => {
    const tenant = await t.tenant({ credits: "12.5" });
    const body = await read(tenant);
    assert.equal(body.count, 1);
    assert.equal(body.results[0]!.delta, "12.5");
    assert.equal(body.results[0]!.reason, "topup");
  });

  test("another tenant's rows are never visible", async () => {
    const owner = await tenantWithRows(3);
    const other = await t.tenant({ credits: "0" });
    const body = await read(other, "?since=2000-01-01&until=2100-01-01&page_size=500");
    assert.equal(body.count, 0);
    assert.deepEqual(body.results, []);
    assert.equal((await read(owner)).count, 3);
  });
});
