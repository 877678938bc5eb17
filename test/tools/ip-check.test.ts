// POST /v3/tools/ip-check/ over HTTP with the bundled offline databases (DB-IP city, RouteViews/NRO ASN).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { toolUsageRows } from "../identities/gallery-fixtures.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";

const URL_ = "/v3/tools/ip-check/";

describe("ip-check tool", () => {
  let t: TestApp;
  let tenant: TestTenant;
  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant();
  });
  after(() => t.close());

  const check = (ip: unknown, headers = tenant.headers) =>
    t.app.inject({ method: "POST", url: URL_, headers, payload: ip === undefined ? {} : { ip } });

  test("a public IPv4 address is located and its network named", async () => {
    const response = await check("8.8.8.8");
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.ip, "8.8.8.8");
    assert.equal(body.version, 4);
    assert.equal(body.country, "US");
    assert.equal(body.asn, 15169);
    assert.match(body.as_org, /Google/);
    assert.equal(body.is_private, false);
    assert.equal(body.is_hosting, true);
    assert.equal(body.is_tor, null);
    assert.equal(body.is_vpn, null);
    assert.equal(body.risk_level, "medium");
    assert.deepEqual(body.signals, ["hosting_network"]);
  });

  test("a Nepali broadband address is low risk with region and city", async () => {
    const response = await check("27.34.16.1");
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.country, "NP");
    assert.equal(typeof body.region, "string");
    assert.equal(typeof body.city, "string");
    assert.equal(typeof body.asn, "number");
    assert.equal(body.is_hosting, false);
    assert.equal(body.risk_level, "low");
    assert.deepEqual(body.signals, []);
  });

  for (const [ip, signal] of [
    ["10.0.0.1", "private_address"],
    ["192.168.1.20", "private_address"],
    ["100.64.0.1", "private_address"],
    ["127.0.0.1", "loopback_address"],
    ["169.254.169.254", "link_local_address"],
    ["192.0.2.1", "reserved_address"],
    ["fd12:3456:789a::1", "private_address"],
    ["fe80::1", "link_local_address"],
    ["::1", "loopback_address"],
  ] as const) {
    test(`${ip} is not public (${signal}) and nothing is looked up`, async () => {
      const response = await check(ip);
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json();
      assert.equal(body.is_private, true);
      assert.deepEqual(body.signals, [signal]);
      assert.equal(body.country, null);
      assert.equal(body.asn, null);
      assert.equal(body.is_hosting, null);
      assert.equal(body.risk_level, "medium");
    });
  }

  test("a public IPv6 address is located and its network named", async () => {
    const response = await check("2001:4860:4860::8888");
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.ip, "2001:4860:4860::8888");
    assert.equal(body.version, 6);
    assert.match(body.country, /^[A-Z]{2}$/);
    assert.equal(body.asn, 15169);
    assert.equal(body.is_private, false);
  });

  test("IPv6 is answered in canonical form", async () => {
    const response = await check("2001:4860:4860:0000:0000:0000:0000:8888");
    assert.equal(response.json().ip, "2001:4860:4860::8888");
  });

  test("an IPv4-mapped IPv6 address is analysed as its IPv4 address", async () => {
    const response = await check("::ffff:8.8.8.8");
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.ip, "8.8.8.8");
    assert.equal(body.version, 4);
    assert.equal(body.asn, 15169);
    assert.deepEqual(body.signals, ["ipv4_mapped", "hosting_network"]);
    const privateMapped = (await check("::ffff:10.1.2.3")).json();
    assert.deepEqual(privateMapped.signals, ["private_address", "ipv4_mapped"]);
  });

  for (const bad of [
    "example.com",
    "8.8.8.0/24",
    "2001:db8::/32",
    "256.1.1.1",
    "1.2.3",
    "010.0.0.1",
    "0x7f.0.0.1",
    "2130706433",
    "fe80::1%eth0",
    "8.8.8.8:53",
    "1:2:3:4:5:6:7:8:9",
    "",
    42,
    null,
  ]) {
    test(`${JSON.stringify(bad)} is 400 invalid_ip and not charged`, async () => {
      const own = await t.tenant();
      const response = await check(bad, own.headers);
      assert.equal(response.statusCode, 400, response.body);
      assert.deepEqual(response.json(), { detail: "invalid_ip" });
      assert.equal((await toolUsageRows(t.services.db, own.tenant_id)).length, 0);
    });
  }

  test("a missing ip is 400 ip_required", async () => {
    const response = await check(undefined);
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { detail: "ip_required" });
  });

  test("a success debits exactly one tool_usage row for IP_CHECK", async () => {
    const own = await t.tenant();
    assert.equal((await check("1.1.1.1", own.headers)).statusCode, 200);
    const rows = await toolUsageRows(t.services.db, own.tenant_id);
    assert.deepEqual(rows, [{ feature: "IP_CHECK", delta: "-0.02", reason: "tool_usage" }]);
  });

  test("a disabled IP_CHECK is 403 listing the feature", async () => {
    const own = await t.tenant({ features: ["FACE_SEARCH"] });
    const response = await check("1.1.1.1", own.headers);
    assert.equal(response.statusCode, 403);
    assert.deepEqual(response.json(), { detail: "feature_not_enabled", features: ["IP_CHECK"] });
  });

  test("a balance that cannot cover the rate is 402 and nothing is charged", async () => {
    const own = await t.tenant({ credits: "0", features: "all" });
    const response = await check("1.1.1.1", own.headers);
    assert.equal(response.statusCode, 402);
    assert.deepEqual(response.json(), { detail: "insufficient_credits" });
    assert.equal((await toolUsageRows(t.services.db, own.tenant_id)).length, 0);
  });

  test("a missing or wrong key is 401", async () => {
    assert.equal((await check("1.1.1.1", {})).statusCode, 401);
    assert.equal((await check("1.1.1.1", { "x-api-key": "kyc_live_nope" })).statusCode, 401);
  });
});
