// POST /v3/tools/aml-check/ on the real UN consolidated list, loaded through `kyc aml load`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { loadAmlLists } from "../../src/cli/aml-commands.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";

const UN_FILE = fileURLToPath(
  new URL("../../../shared/data/aml/un-consolidated-2020-11-30.xml", import.meta.url),
);
// positives_un_untreated.csv: THARWAT SALAH SHIHATA, born 1960-06-29, Egyptian.
const LISTED = { full_name: "Tharwat Salah Shihata", date_of_birth: "1960-06-29", nationality: "EG" };

const RESULT_KEYS = [
  "algorithm",
  "dataset",
  "informational_matches",
  "lists_checked",
  "matches",
  "possible_matches",
  "provider",
  "risk_level",
  "threshold",
  "lists_not_loaded",
  "stale_lists",
  "warnings",
].sort();

describe("POST /v3/tools/aml-check/", () => {
  let t: TestApp;
  let tenant: TestTenant;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ features: "all" });
  });
  after(() => t?.close());

  const check = (payload: Record<string, unknown>, headers = tenant.headers) =>
    t.app.inject({ method: "POST", url: "/v3/tools/aml-check/", headers, payload });

  async function toolUsageRows(tenantId: string): Promise<number> {
    const rows = await t.services.db
      .selectFrom("credit_ledger")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("reason", "=", "tool_usage")
      .where("feature", "=", "AML_CHECK")
      .execute();
    return rows.length;
  }

  test("before any list is loaded it answers 503 screening_unavailable with a hint, and charges nothing", async () => {
    const response = await check(LISTED);
    assert.equal(response.statusCode, 503, response.body);
    assert.equal(response.json().detail, "screening_unavailable");
    assert.match(response.json().hint, /kyc aml sync/);
    assert.match(response.json().hint, /kyc aml load/);
    assert.equal(await toolUsageRows(tenant.tenant_id), 0);
  });

  test("a UN-listed person is a confirmed sanctions hit, billed once as AML_CHECK", async () => {
    await loadAmlLists(t.services, [UN_FILE]);
    const response = await check(LISTED);
    assert.equal(response.statusCode, 200, response.body);
    const result = response.json();
    assert.deepEqual(Object.keys(result).sort(), RESULT_KEYS);
    assert.equal(result.risk_level, "high");
    // Only sanctions data is loaded: the other lists are reported as not checked, not as clear.
    assert.deepEqual(result.lists_checked, ["sanctions"]);
    assert.deepEqual(result.lists_not_loaded, ["pep", "adverse_media", "poi"]);
    assert.ok(result.warnings.includes("aml_lists_not_loaded"));
    assert.equal(result.threshold, 0.7);
    const [hit] = result.matches;
    assert.ok(hit.score >= 0.7 && hit.match === true);
    assert.ok(hit.lists.includes("sanctions"));
    assert.match(hit.name, /THARWAT SALAH SHIHATA/i);
    assert.equal(hit.birth_date, "1960-06-29");
    for (const key of ["entity_id", "schema", "topics", "datasets", "countries", "aliases", "nationalities"])
      assert.ok(key in hit, key);
    assert.equal(await toolUsageRows(tenant.tenant_id), 1);
  });

  test("first_name and last_name replace full_name", async () => {
    const response = await check({ first_name: "Tharwat Salah", last_name: "Shihata" });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().risk_level, "high");
  });

  test("an unlisted name is clear", async () => {
    const response = await check({
      full_name: "Marigold Pennyworth-Haverstock",
      date_of_birth: "1990-01-01",
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().risk_level, "clear");
    assert.deepEqual(response.json().matches, []);
  });

  test("no name (or only a first name) is 400 name_required, not charged", async () => {
    const before = await toolUsageRows(tenant.tenant_id);
    for (const payload of [
      {},
      { first_name: "Tharwat" },
      { full_name: "   " },
      { date_of_birth: "1960-06-29" },
    ]) {
      const response = await check(payload);
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      assert.deepEqual(response.json(), { detail: "name_required" });
    }
    assert.equal(await toolUsageRows(tenant.tenant_id), before);
  });

  test("lists restricts the screening: a sanctions-only entity is not a hit when only pep is checked", async () => {
    const response = await check({ ...LISTED, lists: ["pep"] });
    assert.equal(response.statusCode, 200, response.body);
    // No PEP data is loaded: nothing was checked, and the result says so.
    assert.deepEqual(response.json().lists_checked, []);
    assert.deepEqual(response.json().lists_not_loaded, ["pep"]);
    assert.equal(response.json().risk_level, "clear");
  });

  test("match_threshold moves the confirmed line: a misspelt name is possible at 0.95", async () => {
    const strict = await check({ full_name: "Tharwat Salah Shehata", match_threshold: 0.99 });
    assert.equal(strict.statusCode, 200, strict.body);
    const body = strict.json();
    assert.equal(body.threshold, 0.99);
    assert.equal(body.matches.length, 0);
    assert.ok(body.possible_matches.length > 0);
    assert.equal(body.risk_level, "medium");
  });

  test("a disjoint date of birth lowers the score", async () => {
    const same = (await check(LISTED)).json().matches[0].score;
    const other = await check({ ...LISTED, date_of_birth: "1990-01-01" });
    const scores = [...other.json().matches, ...other.json().possible_matches].map(
      (m: { score: number }) => m.score,
    );
    assert.ok(scores.every((score: number) => score < same));
  });

  for (const [field, value, detail] of [
    ["date_of_birth", "29-06-1960", "invalid_date_of_birth"],
    ["date_of_birth", "1960-02-30", "invalid_date_of_birth"],
    ["nationality", "EGY", "invalid_nationality"],
    ["country", "1", "invalid_country"],
    ["lists", ["sanctions", "gossip"], "invalid_lists"],
    ["lists", [], "invalid_lists"],
    ["match_threshold", 1.5, "invalid_match_threshold"],
    ["match_threshold", "high", "invalid_match_threshold"],
    ["full_name", 42, "invalid_full_name"],
  ] as const) {
    test(`${field} ${JSON.stringify(value)} is 400 ${detail}`, async () => {
      const response = await check({ ...LISTED, [field]: value });
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(response.json().detail, detail);
    });
  }

  test("a disabled AML_CHECK is 403 listing the feature", async () => {
    const own = await t.tenant({ features: ["FACE_SEARCH"] });
    const response = await check(LISTED, own.headers);
    assert.equal(response.statusCode, 403);
    assert.deepEqual(response.json(), { detail: "feature_not_enabled", features: ["AML_CHECK"] });
  });

  test("a balance that cannot cover the rate is 402 before any work", async () => {
    const own = await t.tenant({ credits: "0", features: "all" });
    const response = await check(LISTED, own.headers);
    assert.equal(response.statusCode, 402);
    assert.deepEqual(response.json(), { detail: "insufficient_credits" });
    assert.equal(await toolUsageRows(own.tenant_id), 0);
  });

  test("a missing key is 401", async () => {
    const response = await check(LISTED, {});
    assert.equal(response.statusCode, 401);
  });
});
