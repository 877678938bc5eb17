// Issue 22 findings 5, 6 and 7: NUL bytes, lone surrogates and 10k-deep JSON in every body field the OpenAPI
// document declares are a 400 in the surface's shape (never a 500); size limits on the free-form fields and
// on unauthenticated bodies; router failures answer in the surface's shape.
import assert from "node:assert/strict";
import { type AddressInfo, connect } from "node:net";
import { after, before, describe, test } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { operator } from "../console/console-support.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import {
  type Callers,
  concretePath,
  headersFor,
  type Operation,
  operationsOf,
} from "./openapi-operations.js";
import { assertErrorShape, surfaceOfPath } from "./surface-shape.js";

/** JSON text nesting `levels` arrays (built as text: a JS value this deep would overflow JSON.stringify). */
function deepJson(levels: number): string {
  return `${"[".repeat(levels)}"leaf"${"]".repeat(levels)}`;
}

const DEEP = Symbol("10 000 levels");

describe("hostile strings and nesting in every declared body field", () => {
  let t: TestApp;
  let callers: Callers;
  let operations: Operation[];

  before(async () => {
    t = await createTestApp();
    callers = { tenant: await t.tenant(), consoleHeaders: (await operator(t)).headers };
    operations = operationsOf((await t.app.inject({ url: "/openapi.json" })).json());
  });
  after(() => t.close());

  test("the OpenAPI document declares body fields to attack", () => {
    const fields = operations.reduce((sum, op) => sum + op.bodyFields.length, 0);
    assert.ok(fields > 60, `only ${fields} body fields`);
  });

  for (const [name, value] of [
    ["NUL", "ab\u0000cd"],
    ["a lone high surrogate", "ab\uD800cd"],
    ["a lone low surrogate", "\uDC00"],
    ["NUL inside a nested object", { inner: ["x", "a\u0000"] }],
    ["a NUL key", { "k\u0000": 1 }],
    ["10 000 levels of nesting", DEEP],
  ] as const) {
    test(`${name} in any body field is a 400 naming the field, in the surface's shape`, async () => {
      for (const op of operations) {
        if (op.path === "/console/api/logout") continue; // would end the operator's token
        for (const field of op.bodyFields) {
          const response = await t.app.inject({
            method: op.method as "POST",
            url: concretePath(op.path),
            headers: { ...headersFor(op.path, callers), "content-type": "application/json" },
            payload:
              value === DEEP
                ? `{${JSON.stringify(field)}: ${deepJson(10_000)}}`
                : JSON.stringify({ [field]: value }),
          });
          const context = `${op.method} ${op.path} ${field}`;
          assertErrorShape(op.path, response, context);
          // 40 KB of brackets is over the small unauthenticated limits (16 KB): refused before parsing.
          if (value === DEEP && response.statusCode === 413) continue;
          assert.equal(response.statusCode, 400, `${context}: ${response.statusCode} ${response.body}`);
          const surface = surfaceOfPath(op.path);
          if (surface === "verify" || surface === "console") {
            assert.equal(response.json().detail, `invalid_${field}`, context);
          }
        }
      }
    });
  }

  test("NUL in a query string or a path parameter is a 400 in the surface's shape", async () => {
    for (const url of [
      "/v3/session/?status=a%00b",
      "/v3/session/%00/",
      "/api/v1/lists/?type=%00",
      "/api/v1/applications/%00/",
      "/api/v1/lists/%00/entries/?q=%00",
      "/flow-api/%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00/state",
      "/console/api/tenants/%00/sessions",
    ]) {
      const response = await t.app.inject({ url, headers: headersFor(url, callers) });
      assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
      assertErrorShape(url, response);
    }
  });
});

describe("router failures and hostile query values in each surface's shape", () => {
  let t: TestApp;
  let callers: Callers;
  before(async () => {
    t = await createTestApp();
    callers = { tenant: await t.tenant(), consoleHeaders: (await operator(t)).headers };
  });
  after(() => t.close());

  test("bad percent-encoding is 400 and an over-long path parameter 404, never Fastify's body", async () => {
    const long = "a".repeat(600);
    for (const [url, status] of [
      ["/v3/session/%E0%A4%A/", 400],
      ["/v3/session/%/", 400],
      ["/api/v1/applications/%zz/", 400],
      ["/api/v1/lists/%C0/", 400],
      ["/flow-api/%ff/state", 400],
      ["/console/api/tenants/%/sessions", 400],
      [`/v3/session/${long}/`, 404],
      [`/api/v1/applications/${long}/`, 404],
      [`/api/v1/lists/${long}/entries/`, 404],
      [`/flow-api/${long}/state`, 404],
      [`/console/api/tenants/${long}/sessions`, 404],
    ] as const) {
      const response = await t.app.inject({ url, headers: headersFor(url, callers) });
      assert.equal(response.statusCode, status, `${url}: ${response.body}`);
      assertErrorShape(url, response);
    }
  });

  test("a page past any result (10^20, 1e5, -1, junk) is an empty page or a 400, never a 500", async () => {
    const list = await t.app.inject({
      method: "POST",
      url: "/api/v1/lists/",
      headers: callers.tenant.headers,
      payload: { name: "paging", type: "phone" },
    });
    assert.equal(list.statusCode, 201, list.body);
    const lists = [
      "/v3/session/",
      "/v3/credits/ledger/",
      `/api/v1/lists/${list.json().list.id}/entries/`,
      `/console/api/tenants/${callers.tenant.tenant_id}/sessions`,
    ];
    for (const path of lists) {
      for (const page of ["100000000000000000000", "1e5", "-1", "%F0%9F%99%82", "9".repeat(400)]) {
        const url = `${path}?page=${page}&page_size=${page}`;
        const response = await t.app.inject({ url, headers: headersFor(url, callers) });
        assert.ok(
          [200, 400].includes(response.statusCode),
          `${url}: ${response.statusCode} ${response.body}`,
        );
        if (response.statusCode === 400) assertErrorShape(url, response);
      }
    }
  });
});

describe("requests the HTTP parser refuses, in each surface's shape", () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  after(() => t.close());

  /** Sends raw bytes over a real socket (inject skips Node's parser) and reads the answer to the close. */
  function raw(request: string): Promise<LightMyRequestResponse> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect(port, "127.0.0.1", () => socket.end(request));
      socket.on("data", (chunk: Buffer) => chunks.push(chunk));
      socket.on("error", reject);
      socket.on("close", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const [head = "", body = ""] = text.split("\r\n\r\n", 2);
        const statusCode = Number(head.split(" ")[1]);
        resolve({ statusCode, body, json: () => JSON.parse(body) } as LightMyRequestResponse);
      });
    });
  }

  test("headers over 16 KB are 431 headers_too_large, an over-long URL too, never Fastify's body", async () => {
    const filler = "a".repeat(20_000);
    for (const path of ["/v3/session/", "/api/v1/sessions", "/api/v1/lists/", "/console/api/tenants"]) {
      const header = await raw(`GET ${path} HTTP/1.1\r\nHost: x\r\nX-Filler: ${filler}\r\n\r\n`);
      assert.equal(header.statusCode, 431, `${path}: ${header.body}`);
      assertErrorShape(path, header);
      const url = await raw(`GET ${path}?q=${filler} HTTP/1.1\r\nHost: x\r\n\r\n`);
      assert.equal(url.statusCode, 431, `${path}: ${url.body}`);
      assertErrorShape(path, url);
    }
    const verify = await raw(`GET /v3/session/ HTTP/1.1\r\nHost: x\r\nX-Filler: ${filler}\r\n\r\n`);
    assert.equal(verify.json().detail, "headers_too_large");
  });

  test("bytes that are not HTTP are 400 invalid_request", async () => {
    const garbage = await raw("HELLO THERE\r\n\r\n");
    assert.equal(garbage.statusCode, 400, garbage.body);
    assert.deepEqual(garbage.json(), { detail: "invalid_request" });
  });
});

describe("documented size limits", () => {
  let t: TestApp;
  let tenant: TestTenant;
  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ credits: "1000" });
  });
  after(() => t.close());

  const createSession = (body: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/v3/session/", headers: tenant.headers, payload: body });

  test("metadata over 16 KB, prefill over 8 KB, vendor_identity over 8 KB are refused; 16 KB metadata is kept", async () => {
    const big = (bytes: number) => ({ blob: "x".repeat(bytes) });
    for (const [body, detail] of [
      [{ metadata: big(17 * 1024) }, "invalid_metadata"],
      [{ metadata: big(50 * 1024 * 1024) }, "invalid_metadata"],
      [{ prefill: big(9 * 1024) }, "invalid_prefill"],
      [{ reference: { vendor_identity: big(9 * 1024) } }, "invalid_vendor_identity"],
    ] as const) {
      const response = await createSession(body);
      assert.equal(response.statusCode, 400, response.body.slice(0, 200));
      assert.deepEqual(response.json(), { detail });
    }
    const kept = await createSession({ metadata: big(16 * 1024 - 20) });
    assert.equal(kept.statusCode, 201, kept.body);
  });

  test("a session holds at most 50 tags", async () => {
    const session = (await createSession({})).json();
    for (let i = 0; i < 50; i++) {
      const response = await t.app.inject({
        method: "POST",
        url: `/v3/session/${session.id}/tags/`,
        headers: tenant.headers,
        payload: { tag: `tag-${i}` },
      });
      assert.equal(response.statusCode, 200, response.body);
    }
    const refused = await t.app.inject({
      method: "POST",
      url: `/v3/session/${session.id}/tags/`,
      headers: tenant.headers,
      payload: { tag: "one-too-many" },
    });
    assert.equal(refused.statusCode, 400);
    assert.deepEqual(refused.json(), { detail: "invalid_tag" });
  });

  test("risk-list names, values and comments have limits", async () => {
    const list = await t.app.inject({
      method: "POST",
      url: "/api/v1/lists/",
      headers: tenant.headers,
      payload: { name: "limits", type: "identifier" },
    });
    assert.equal(list.statusCode, 201, list.body);
    const listId = list.json().list.id;
    for (const [url, payload] of [
      ["/api/v1/lists/", { name: "n".repeat(201) }],
      ["/api/v1/lists/", { name: "ok", description: "d".repeat(2001) }],
      [`/api/v1/lists/${listId}/entries/`, { value: "v".repeat(256) }],
      [`/api/v1/lists/${listId}/entries/`, { value: "v", comment: "c".repeat(1001) }],
    ] as const) {
      const response = await t.app.inject({ method: "POST", url, headers: tenant.headers, payload });
      assert.equal(response.statusCode, 400, `${url}: ${response.body.slice(0, 200)}`);
      assertErrorShape(url, response);
    }
    const bulk = await t.app.inject({
      method: "POST",
      url: `/api/v1/lists/${listId}/entries/`,
      headers: tenant.headers,
      payload: { entries: [{ value: "v".repeat(256) }, { value: "fine" }] },
    });
    assert.equal(bulk.statusCode, 200, bulk.body);
    assert.equal(bulk.json().invalid, 1);
    assert.equal(bulk.json().created, 1);
  });

  test("unauthenticated bodies are small: console login 4 KB, applicant calls 16 KB, partner form 64 KB", async () => {
    for (const [url, bytes] of [
      ["/console/api/login", 5 * 1024],
      ["/console/api/login", 64 * 1024 * 1024 - 1024],
      [`/flow-api/${"x".repeat(32)}/consent`, 17 * 1024],
      [`/flow-api/${"x".repeat(32)}/finish`, 17 * 1024],
      [`/flow-api/s/${"x".repeat(32)}/form`, 65 * 1024],
    ] as const) {
      const response = await t.app.inject({
        method: "POST",
        url,
        payload: { email: "a@b.c", padding: "p".repeat(bytes) },
      });
      assert.equal(response.statusCode, 413, `${url}: ${response.statusCode} ${response.body.slice(0, 100)}`);
      assertErrorShape(url, response);
    }
  });
});
