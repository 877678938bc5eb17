// design: Sandbox — a session created with a test key shows a "Test mode" banner on the hosted page (English
// and Nepali); a live session shows none. Screenshots at phone and desktop sizes.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser } from "playwright-core";
import { createApiKey } from "../src/platform/tenants/api-keys.js";
import { faceY4m, launchBrowser, newDesktop, newPhone, shot } from "./support/browser.js";
import { type FlowServer, startFlowServer } from "./support/flow-server.js";

describe("hosted page in test mode", () => {
  let server: FlowServer;
  let browser: Browser;
  let testKey: string;

  before(async () => {
    server = await startFlowServer();
    browser = await launchBrowser(faceY4m("img1.jpg"));
    testKey = (await createApiKey(server.services.db, server.tenant.tenant_id, "e2e", { test: true }))
      .api_key;
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  async function testSession(locale: string): Promise<string> {
    const response = await fetch(`${server.url}/v3/session/`, {
      method: "POST",
      headers: { "x-api-key": testKey, "content-type": "application/json" },
      body: JSON.stringify({ locale }),
    });
    assert.equal(response.status, 201);
    return ((await response.json()) as { url: string }).url;
  }

  for (const [device, locale, text] of [
    ["phone", "en", "Test mode"],
    ["desktop", "en", "Test mode"],
    ["phone", "ne", "परीक्षण मोड"],
  ] as const) {
    test(`a test session shows the banner (${device}, ${locale})`, async () => {
      const context = device === "phone" ? await newPhone(browser) : await newDesktop(browser);
      const page = await context.newPage();
      await page.goto(await testSession(locale));
      const banner = page.getByRole("status").filter({ hasText: text });
      await banner.waitFor();
      await shot(page, `sandbox-banner-${device}-${locale}`);
      await context.close();
    });
  }

  test("a live session shows no banner", async () => {
    const session = await server.createSession({});
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(session.url);
    await page.getByRole("button", { name: "Start" }).waitFor();
    assert.equal(await page.locator(".test-banner").count(), 0);
    await context.close();
  });
});
