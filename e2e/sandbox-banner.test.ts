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

  test("the banner's outcome buttons finish a test session as chosen; /v3 reads the same", async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const url = await testSession("en");
    await page.goto(url);
    await page.getByRole("button", { name: "In review" }).click();
    await page.getByRole("heading", { name: "Thank you" }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Approved" }).count(), 0);
    await shot(page, "sandbox-outcome-review-phone-en");
    await context.close();
    const token = url.split("/verify/")[1]!;
    const state = await fetch(`${server.url}/flow-api/${token}/state`);
    assert.equal(((await state.json()) as { status: string }).status, "in_review");
  });

  test("a live session refuses the sandbox completion (403 sandbox_only)", async () => {
    const { token } = await server.createSession({});
    const response = await fetch(`${server.url}/flow-api/${token}/sandbox/complete`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ outcome: "approved" }),
    });
    assert.equal(response.status, 403);
    assert.equal(((await response.json()) as { detail: string }).detail, "sandbox_only");
  });

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
