// Issue 22 finding 10: a 40-megapixel PNG sent to document-extract raised the process by 1.7 GB. Every image
// intake reads the header first and refuses more than 16 megapixels (engines/image/pixel-guard.ts).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { MAX_IMAGE_PIXELS, readCheckedHeader } from "../../src/engines/image/pixel-guard.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";

function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 240, g: 240, b: 235 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

describe("pixel limit on image intake", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let huge: string;
  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ credits: "100" });
    huge = (await png(6400, 6250)).toString("base64"); // 40 MP, about 120 KB compressed
  });
  after(() => t.close());

  test("the guard reads the header: 16 MP phone photos pass, 16.8 MP and over-long sides do not", async () => {
    assert.equal(MAX_IMAGE_PIXELS, 16_000_000);
    await readCheckedHeader(await png(4608, 3456));
    for (const [width, height] of [
      [4096, 4100],
      [8193, 100],
    ] as const) {
      await assert.rejects(readCheckedHeader(await png(width, height)), { problem: "too_large" });
    }
  });

  test("a 40-megapixel PNG is refused as invalid_image by every image tool, and not charged", async () => {
    for (const [url, body] of [
      ["/v3/tools/document-extract/", { image_base64: huge }],
      ["/v3/tools/face-search/", { image_base64: huge }],
      ["/v3/tools/signature-search/", { image_base64: huge }],
      ["/v3/tools/face-verify/", { reference_base64: huge, probe_base64: huge }],
    ] as const) {
      const response = await t.app.inject({ method: "POST", url, headers: tenant.headers, payload: body });
      assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
      assert.match(response.json().detail, /^invalid_(image|reference)$/, url);
    }
    const ledger = await t.app.inject({ url: "/v3/credits/ledger/", headers: tenant.headers });
    assert.equal(
      ledger.json().results.filter((row: { reason: string }) => row.reason === "tool_usage").length,
      0,
    );
  });

  test("a 40-megapixel reference image on session create is refused", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v3/session/",
      headers: tenant.headers,
      payload: { reference: { face_image: huge } },
    });
    assert.equal(response.statusCode, 400, response.body);
  });
});
