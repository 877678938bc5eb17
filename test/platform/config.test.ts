// style habit 11: config is validated once at startup; a bad value is refused naming its variable.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ConfigError, loadConfig } from "../../src/config.js";

describe("loadConfig", () => {
  for (const [name, value] of [
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["RATE_LIMIT_KYC_V3_TOOLS", "0"],
    ["RATE_LIMIT_KYC_V3_READ", "-5"],
    ["RATE_LIMIT_PARTNER_READ", "1.5"],
    ["DATABASE_URL", "not a url"],
    ["DATABASE_SCHEMA", "Robert'); DROP"],
    ["ALLOW_PRIVATE_TARGETS", "maybe"],
    ["LOG_LEVEL", "loud"],
  ] as const) {
    test(`${name}=${value} is refused naming ${name}`, () => {
      assert.throws(
        () => loadConfig({ [name]: value }),
        (error: unknown) => error instanceof ConfigError && error.message.includes(name),
      );
    });
  }

  test("every bad variable is named at once", () => {
    assert.throws(
      () => loadConfig({ PORT: "abc", RATE_LIMIT_KYC_V3_MEDIA: "0" }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.message.includes("PORT") &&
        error.message.includes("RATE_LIMIT_KYC_V3_MEDIA"),
    );
  });

  test("the documented defaults apply to an empty environment", () => {
    const config = loadConfig({});
    assert.deepEqual(config.rateLimits, {
      kyc_v3_tools: 120,
      kyc_v3_read: 1200,
      kyc_v3_session_create: 300,
      kyc_v3_media: 600,
      partner_read: 600,
    });
    assert.equal(config.port, 8080);
    // design: Defaults — loopback unless told otherwise; containers set HOST=0.0.0.0.
    assert.equal(config.host, "127.0.0.1");
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.redisUrl, undefined);
    assert.equal(config.publicUrl, "http://localhost:8080");
    assert.equal(config.flowUrl, config.publicUrl);
    assert.equal(config.allowPrivateTargets, false);
    assert.equal(config.importAllowHttp, false);
    assert.match(config.mediaStore, /^file:\/\/.*media$/);
  });

  test("rate limits, URLs and flags are read from their variables", () => {
    const config = loadConfig({
      PORT: "0",
      RATE_LIMIT_KYC_V3_TOOLS: "7",
      RATE_LIMIT_KYC_V3_READ: "8",
      RATE_LIMIT_KYC_V3_SESSION_CREATE: "9",
      RATE_LIMIT_KYC_V3_MEDIA: "10",
      RATE_LIMIT_PARTNER_READ: "11",
      PUBLIC_URL: "https://kyc.example.com/",
      DATABASE_URL: "",
      ALLOW_PRIVATE_TARGETS: "true",
    });
    assert.equal(config.port, 0);
    assert.deepEqual(Object.values(config.rateLimits), [7, 8, 9, 10, 11]);
    assert.equal(config.publicUrl, "https://kyc.example.com", "trailing slash trimmed");
    assert.equal(config.databaseUrl, undefined, "blank DATABASE_URL means embedded");
    assert.equal(config.allowPrivateTargets, true);
  });
});
