// POST /v3/tools/face-verify/ over HTTP with the real face engine (loaded once for this file).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { landscapeBase64, photoBase64, toolUsageRows } from "../identities/gallery-fixtures.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";

const URL_ = "/v3/tools/face-verify/";

describe("face-verify tool", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let img1: string;
  let img2: string;
  let img20: string;
  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant();
    [img1, img2, img20] = (await Promise.all(["img1.jpg", "img2.jpg", "img20.jpg"].map(photoBase64))) as [
      string,
      string,
      string,
    ];
  });
  after(() => t.close());

  const verify = (body: Record<string, unknown>, headers = tenant.headers) =>
    t.app.inject({ method: "POST", url: URL_, headers, payload: body });

  test("two photographs of the same person match at the default threshold", async () => {
    const response = await verify({ reference_base64: img1, probe_base64: img2 });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.match, true);
    assert.equal(body.threshold, 0.5);
    assert.ok(body.score >= 0.5 && body.score <= 1);
    assert.equal(body.score, Math.round(body.score * 10_000) / 10_000);
    assert.ok(body.reference_face.size > 50);
    assert.equal(typeof body.probe_face.sharpness, "number");
  });

  test("photographs of different people do not match", async () => {
    const response = await verify({
      reference_base64: img1,
      probe_base64: `data:image/jpeg;base64,${img20}`,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().match, false);
    assert.ok(response.json().score < 0.5);
  });

  test("a success debits exactly one tool_usage row for FACE_VERIFY", async () => {
    const own = await t.tenant();
    const response = await verify({ reference_base64: img1, probe_base64: img2 }, own.headers);
    assert.equal(response.statusCode, 200);
    const rows = await toolUsageRows(t.services.db, own.tenant_id);
    assert.deepEqual(rows, [{ feature: "FACE_VERIFY", delta: "-0.1", reason: "tool_usage" }]);
  });

  test("an image without a face is 422 no_face_detected and is not charged", async () => {
    const own = await t.tenant();
    const response = await verify(
      { reference_base64: img1, probe_base64: await landscapeBase64() },
      own.headers,
    );
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), { detail: "no_face_detected" });
    assert.equal((await toolUsageRows(t.services.db, own.tenant_id)).length, 0);
  });

  test("an image with two people is 422 multiple_faces", async () => {
    const response = await verify({ reference_base64: await photoBase64("couple.jpg"), probe_base64: img1 });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), { detail: "multiple_faces" });
  });

  test("a disabled FACE_VERIFY is 403 listing the feature", async () => {
    const own = await t.tenant({ features: ["FACE_SEARCH"] });
    const response = await verify({ reference_base64: img1, probe_base64: img2 }, own.headers);
    assert.equal(response.statusCode, 403);
    assert.deepEqual(response.json(), { detail: "feature_not_enabled", features: ["FACE_VERIFY"] });
  });

  test("a balance that cannot cover the rate is 402 before any work", async () => {
    const own = await t.tenant({ credits: "0" });
    const response = await verify({ reference_base64: img1, probe_base64: img2 }, own.headers);
    assert.equal(response.statusCode, 402);
    assert.deepEqual(response.json(), { detail: "insufficient_credits" });
  });

  test("a threshold outside 0.2..0.95 is 400 invalid_threshold", async () => {
    for (const threshold of [0.1, 0.96, "high"]) {
      const response = await verify({ reference_base64: img1, probe_base64: img2, threshold });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), { detail: "invalid_threshold" });
    }
  });

  test("a caller threshold decides match and is echoed", async () => {
    const response = await verify({ reference_base64: img1, probe_base64: img2, threshold: 0.95 });
    assert.equal(response.json().threshold, 0.95);
    assert.equal(response.json().match, response.json().score >= 0.95);
  });

  describe("decode table (spec: standalone tools)", () => {
    test("a missing reference is 400 reference_required", async () => {
      const response = await verify({ probe_base64: img2 });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), { detail: "reference_required" });
    });

    test("an empty probe is 400 probe_required", async () => {
      const response = await verify({ reference_base64: img1, probe_base64: "" });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), { detail: "probe_required" });
    });

    test("an empty data: URI is 400 probe_required", async () => {
      const response = await verify({ reference_base64: img1, probe_base64: "data:image/png;base64," });
      assert.deepEqual(response.json(), { detail: "probe_required" });
    });

    test("text that is not base64 is 400 invalid_reference", async () => {
      const response = await verify({ reference_base64: "not*base64!", probe_base64: img2 });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), { detail: "invalid_reference" });
    });

    test("a non-string image is 400 invalid_probe", async () => {
      const response = await verify({ reference_base64: img1, probe_base64: 42 });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), { detail: "invalid_probe" });
    });

    test("bytes that are no image are 400 invalid_probe", async () => {
      const response = await verify({
        reference_base64: img1,
        probe_base64: Buffer.from("hello, not an image at all").toString("base64"),
      });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), { detail: "invalid_probe" });
    });

    test("more than 8 MB after decoding is 400 invalid_reference", async () => {
      const big = Buffer.alloc(8 * 1024 * 1024 + 16, 0xff);
      big.set([0xff, 0xd8, 0xff, 0xe0]);
      const response = await verify({ reference_base64: big.toString("base64"), probe_base64: img2 });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), { detail: "invalid_reference" });
    });

    test("a WEBP or GIF image is 415 unsupported_image_type and is not charged", async () => {
      const own = await t.tenant();
      const pixel = sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } });
      for (const bytes of [await pixel.clone().webp().toBuffer(), await pixel.clone().gif().toBuffer()]) {
        const response = await verify(
          { reference_base64: img1, probe_base64: bytes.toString("base64") },
          own.headers,
        );
        assert.equal(response.statusCode, 415);
        assert.deepEqual(response.json(), { detail: "unsupported_image_type" });
      }
      assert.equal((await toolUsageRows(t.services.db, own.tenant_id)).length, 0);
    });
  });
});

describe("tools rate bucket", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ RATE_LIMIT_KYC_V3_TOOLS: "2" });
  });
  after(() => t.close());

  test("past the per-minute size every tool answers 429 with Retry-After", async () => {
    const tenant = await t.tenant();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (const url of [URL_, "/v3/tools/face-search/", URL_]) {
      last = await t.app.inject({
        method: "POST",
        url,
        headers: tenant.headers,
        payload: { reference_base64: "x", probe_base64: "x", image_base64: "x" },
      });
      statuses.push(last.statusCode);
    }
    assert.deepEqual(statuses, [400, 400, 429]);
    assert.deepEqual(last!.json(), { detail: "Request was throttled." });
    assert.ok(Number(last!.headers["retry-after"]) >= 1);
  });
});
