// POST /v3/tools/lens/{service}/ against a real HTTP upstream on loopback (ALLOW_PRIVATE_TARGETS lets the
// SSRF-safe client reach it), the operator commands that register upstreams, and the console routes.
import assert from "node:assert/strict";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { runOperatorCommand } from "../../src/composition/operator-commands.js";
import { setRate } from "../../src/platform/credits/rates.js";
import { STANDARD_LENS_SERVICES, setLensService } from "../../src/tools/lens/lens-services.js";
import { operator } from "../console/console-support.js";
import { toolUsageRows } from "../identities/gallery-fixtures.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { pngBase64 } from "../verify/session-fixtures.js";

interface Upstream {
  url: string;
  received: { path: string; headers: IncomingHttpHeaders; body: string }[];
  /** What the next answers are: status, content type, body, delay. */
  answer: { status: number; type: string; body: string; delayMs: number };
  close(): Promise<void>;
}

async function startUpstream(): Promise<Upstream> {
  const upstream: Upstream = {
    url: "",
    received: [],
    answer: { status: 200, type: "application/json; charset=utf-8", body: "{}", delayMs: 0 },
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      upstream.received.push({
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const { status, type, body, delayMs } = upstream.answer;
      setTimeout(() => {
        response.writeHead(status, { "content-type": type });
        response.end(body);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  upstream.url = `http://127.0.0.1:${port}/analyse`;
  upstream.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return upstream;
}

// A payload whose exact bytes and key order must come back untouched.
const UPSTREAM_PAYLOAD = '{"label":"caf_form","confidence":0.93,"fields":{"कार्ड":"ok"},"boxes":[1,2,3]}';

describe("lens tool", () => {
  let t: TestApp;
  let upstream: Upstream;
  let image: string;
  before(async () => {
    t = await createTestApp({ ALLOW_PRIVATE_TARGETS: "true", LENS_TIMEOUT_MS: "500" });
    upstream = await startUpstream();
    image = await pngBase64();
  });
  after(async () => {
    await upstream.close();
    await t.close();
  });

  const call = (
    tenant: TestTenant,
    service: string,
    body: Record<string, unknown> = { image_base64: image },
  ) =>
    t.app.inject({
      method: "POST",
      url: `/v3/tools/lens/${service}/`,
      headers: tenant.headers,
      payload: body,
    });
  const kyc = (...argv: string[]) => runOperatorCommand(t.services, argv);

  function answerWith(answer: Partial<Upstream["answer"]>) {
    upstream.answer = {
      status: 200,
      type: "application/json; charset=utf-8",
      body: UPSTREAM_PAYLOAD,
      delayMs: 0,
      ...answer,
    };
  }

  test("a registered service gets the image with its headers and its answer comes back as is, unmetered", async () => {
    const tenant = await t.tenant();
    await kyc(
      "lens",
      "set",
      tenant.tenant_id,
      "caf-front",
      upstream.url,
      "--header",
      "X-Upstream-Key: s3cret",
      "--header",
      "X-Team:ops",
    );
    answerWith({});
    const before = upstream.received.length;
    const response = await call(tenant, "caf-front", { image_base64: `data:image/png;base64,${image}` });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.body, UPSTREAM_PAYLOAD);
    assert.equal(response.headers["content-type"], "application/json; charset=utf-8");
    const sent = upstream.received.slice(before);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.path, "/analyse");
    assert.equal(sent[0]!.headers["x-upstream-key"], "s3cret");
    assert.equal(sent[0]!.headers["x-team"], "ops");
    assert.equal(sent[0]!.headers["x-api-key"], undefined);
    assert.deepEqual(JSON.parse(sent[0]!.body), { image_base64: image });
    assert.equal((await toolUsageRows(t.services.db, tenant.tenant_id)).length, 0);
  });

  test("an unknown name is 404 invalid_lens_service listing the names this account may use", async () => {
    const tenant = await t.tenant();
    await kyc("lens", "set", tenant.tenant_id, "insurance-claims", upstream.url);
    const response = await call(tenant, "face-unlock");
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), {
      detail: "invalid_lens_service",
      allowed: [...STANDARD_LENS_SERVICES, "insurance-claims"],
    });
  });

  test("an identity/insurance service registered for the account can be called by its name", async () => {
    const tenant = await t.tenant();
    await kyc("lens", "set", tenant.tenant_id, "insurance-claims", upstream.url);
    answerWith({ body: '{"claim":"ok"}' });
    const response = await call(tenant, "insurance-claims");
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { claim: "ok" });
  });

  test("a spec name with no upstream for the account, or a disabled one, is 403 lens_service_not_enabled", async () => {
    const tenant = await t.tenant();
    const missing = await call(tenant, "iptv");
    assert.equal(missing.statusCode, 403);
    assert.deepEqual(missing.json(), { detail: "lens_service_not_enabled" });
    await kyc("lens", "set", tenant.tenant_id, "iptv", upstream.url);
    await kyc("lens", "disable", tenant.tenant_id, "iptv");
    assert.equal((await call(tenant, "iptv")).statusCode, 403);
    await kyc("lens", "enable", tenant.tenant_id, "iptv");
    answerWith({});
    assert.equal((await call(tenant, "iptv")).statusCode, 200);
  });

  test("another tenant's upstream is not this tenant's", async () => {
    const owner = await t.tenant();
    const other = await t.tenant();
    await kyc("lens", "set", owner.tenant_id, "fdb-box", upstream.url);
    assert.equal((await call(other, "fdb-box")).statusCode, 403);
  });

  test("an upstream error status or a timeout is 502 upstream_failed and never charged", async () => {
    const tenant = await t.tenant();
    await setRate(t.services.db, "LENS_ONT_BACK", "0.3", tenant.tenant_id);
    await kyc("lens", "set", tenant.tenant_id, "ont-back", upstream.url);
    answerWith({ status: 500, body: '{"error":"model down"}' });
    const failed = await call(tenant, "ont-back");
    assert.equal(failed.statusCode, 502);
    assert.deepEqual(failed.json(), { detail: "upstream_failed" });
    answerWith({ delayMs: 1500 });
    const slow = await call(tenant, "ont-back");
    assert.equal(slow.statusCode, 502);
    assert.deepEqual(slow.json(), { detail: "upstream_failed" });
    assert.equal((await toolUsageRows(t.services.db, tenant.tenant_id)).length, 0);
  });

  test("an upstream that is not listening is 502 upstream_failed", async () => {
    const tenant = await t.tenant();
    const closed = await startUpstream();
    await closed.close();
    await kyc("lens", "set", tenant.tenant_id, "speed-test", closed.url);
    const response = await call(tenant, "speed-test");
    assert.equal(response.statusCode, 502);
  });

  test("with an explicit LENS_<SERVICE> rate a success debits it; without credit it is 402 before forwarding", async () => {
    const tenant = await t.tenant();
    await setRate(t.services.db, "LENS_HOUSE_DETECTION", "0.5", tenant.tenant_id);
    await kyc("lens", "set", tenant.tenant_id, "house-detection", upstream.url);
    answerWith({});
    assert.equal((await call(tenant, "house-detection")).statusCode, 200);
    assert.deepEqual(await toolUsageRows(t.services.db, tenant.tenant_id), [
      { feature: "LENS_HOUSE_DETECTION", delta: "-0.5", reason: "tool_usage" },
    ]);
    const poor = await t.tenant({ credits: "0.1" });
    await setRate(t.services.db, "LENS_HOUSE_DETECTION", "0.5", poor.tenant_id);
    await kyc("lens", "set", poor.tenant_id, "house-detection", upstream.url);
    const sentBefore = upstream.received.length;
    const refused = await call(poor, "house-detection");
    assert.equal(refused.statusCode, 402);
    assert.deepEqual(refused.json(), { detail: "insufficient_credits" });
    assert.equal(upstream.received.length, sentBefore);
  });

  test("the image is checked like every tool image before anything is forwarded", async () => {
    const tenant = await t.tenant();
    await kyc("lens", "set", tenant.tenant_id, "general", upstream.url);
    const sentBefore = upstream.received.length;
    const missing = await call(tenant, "general", {});
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(missing.json(), { detail: "image_required" });
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64").toString(
      "base64",
    );
    const unsupported = await call(tenant, "general", { image_base64: gif });
    assert.equal(unsupported.statusCode, 415);
    assert.equal(upstream.received.length, sentBefore);
  });

  test("a missing key is 401", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v3/tools/lens/general/",
      payload: { image_base64: image },
    });
    assert.equal(response.statusCode, 401);
  });

  test("kyc lens list shows header names, never their values", async () => {
    const tenant = await t.tenant();
    await kyc(
      "lens",
      "set",
      tenant.tenant_id,
      "caf-back",
      upstream.url,
      "--header",
      "Authorization:Bearer abc",
    );
    const listed = (await kyc("lens", "list", tenant.tenant_id)) as { services: unknown[] };
    assert.deepEqual(listed.services, [
      { service: "caf-back", url: upstream.url, headers: { Authorization: "***" }, enabled: true },
    ]);
  });

  test("the console registers and lists upstreams, audited", async () => {
    const tenant = await t.tenant();
    const admin = await operator(t);
    const put = await t.app.inject({
      method: "PUT",
      url: `/console/api/tenants/${tenant.tenant_id}/lens/ont-front`,
      headers: admin.headers,
      payload: { url: upstream.url, headers: { "X-Key": "k" } },
    });
    assert.equal(put.statusCode, 200, put.body);
    const list = await t.app.inject({
      url: `/console/api/tenants/${tenant.tenant_id}/lens`,
      headers: admin.headers,
    });
    assert.deepEqual(list.json(), {
      services: [{ service: "ont-front", url: upstream.url, headers: { "X-Key": "***" }, enabled: true }],
    });
    answerWith({});
    assert.equal((await call(tenant, "ont-front")).statusCode, 200);
  });
});

describe("lens upstream registration without ALLOW_PRIVATE_TARGETS", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test("loopback, private and link-local upstreams are refused", async () => {
    const tenant = await t.tenant();
    for (const url of [
      "http://127.0.0.1:9/x",
      "http://10.0.0.8/x",
      "http://169.254.169.254/latest/meta-data",
    ]) {
      await assert.rejects(
        setLensService(t.services.db, tenant.tenant_id, { service: "general", url }, false),
        /Destination refused: blocked_address/,
      );
    }
  });

  test("bad service names and reserved headers are refused", async () => {
    const tenant = await t.tenant();
    await assert.rejects(
      setLensService(
        t.services.db,
        tenant.tenant_id,
        { service: "../etc", url: "https://example.com/" },
        false,
      ),
      /service name/,
    );
    await assert.rejects(
      setLensService(
        t.services.db,
        tenant.tenant_id,
        { service: "general", url: "https://93.184.215.14/", headers: { Host: "evil" } },
        false,
      ),
      /Header Host cannot be set/,
    );
  });
});
