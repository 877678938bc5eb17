// Issue 12 in a real browser: an AML-only session (examples/workflows/aml-only.json) completes on its
// confirmation screen, pre-filled from the session's prefill (phone, desktop, Nepali); an unknown or deleted
// link is an HTTP 404 page in English or Nepali; the Nepali page's own Devanagari font loads; and after a
// refused document photo (a selfie: "no document found") the camera is live again without a reload.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { createWorkflow } from "../src/verify/workflows/workflows.js";
import { FACES, faceY4m, launchBrowser, newDesktop, newPhone, shot } from "./support/browser.js";
import { type FlowServer, startFlowServer } from "./support/flow-server.js";

const AML_ONLY = JSON.parse(
  readFileSync(new URL("../examples/workflows/aml-only.json", import.meta.url), "utf8"),
) as Record<string, unknown>;
const PREFILL = { full_name: "Sita Sharma", date_of_birth: "1990-04-12", nationality: "NP" };

/** Screenshots for the review, beside the suite's artifacts (phone and desktop). */
async function capture(page: Page, name: string): Promise<void> {
  await shot(page, `screens-${name}`);
}

describe("applicant screens", () => {
  let server: FlowServer;
  let browser: Browser;
  let amlWorkflow: string;

  before(async () => {
    server = await startFlowServer();
    browser = await launchBrowser(faceY4m("img1.jpg"));
    amlWorkflow = (await createWorkflow(server.services.db, server.tenant.tenant_id, AML_ONLY)).id;
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const device of ["phone", "desktop"] as const) {
    test(`an AML-only session completes on its confirmation screen (${device})`, async () => {
      const session = await server.createSession({ workflow_id: amlWorkflow, prefill: PREFILL });
      const context = device === "phone" ? await newPhone(browser) : await newDesktop(browser);
      const page = await context.newPage();
      await page.goto(session.url);
      await page.getByRole("button", { name: "Start" }).click();
      await page.getByRole("heading", { name: "Confirm your details" }).waitFor();
      assert.equal(await page.getByLabel("Full name").inputValue(), "Sita Sharma");
      assert.equal(await page.getByLabel("Date of birth").inputValue(), "1990-04-12");
      assert.equal(await page.getByLabel("Nationality").inputValue(), "NP");
      await capture(page, `aml-${device}-1-confirm`);
      // The applicant corrects the pre-filled name; an empty required name is refused on the page.
      await page.getByLabel("Full name").fill("");
      await page.getByRole("button", { name: "Confirm and continue" }).click();
      await page.getByText("Please fill in this field.").waitFor();
      await capture(page, `aml-${device}-2-required`);
      await page.getByLabel("Full name").fill("Sita Kumari Sharma");
      await page.getByRole("button", { name: "Confirm and continue" }).click();
      await page.getByRole("heading", { name: "Ready to submit" }).waitFor();
      await page.getByRole("button", { name: "Submit verification" }).click();
      await page.getByRole("heading", { name: "Thank you" }).waitFor();

      const webhook = await server.deliverWebhook(session.id);
      // No list is loaded in this server: the screening waits for a person (spec: engine unreachable).
      assert.equal(webhook.event_type, "identity.kyc.session.review");
      const detail = await fetch(`${server.url}/v3/session/${session.id}/`, {
        headers: server.tenant.headers,
      });
      const [screening] = ((await detail.json()) as { decision_v3: { aml_screenings: unknown[] } })
        .decision_v3.aml_screenings as { data: { screened: Record<string, unknown> } }[];
      assert.deepEqual(screening!.data.screened, {
        full_name: "Sita Kumari Sharma",
        date_of_birth: "1990-04-12",
        nationality: "NP",
        source: "applicant",
      });
      await context.close();
    });
  }

  test("the AML screen in Nepali renders Devanagari with the page's own font", async () => {
    const session = await server.createSession({ workflow_id: amlWorkflow, locale: "ne", prefill: PREFILL });
    const context = await newPhone(browser);
    const page = await context.newPage();
    const fontResponses: { url: string; status: number; cache: string | undefined }[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith(".woff2"))
        fontResponses.push({
          url: response.url(),
          status: response.status(),
          cache: response.headers()["cache-control"],
        });
    });
    await page.goto(session.url);
    await page.getByRole("button", { name: "सुरु गर्नुहोस्" }).click();
    await page.getByRole("heading", { name: "आफ्नो विवरण पुष्टि गर्नुहोस्" }).waitFor();
    await page.getByLabel("पूरा नाम").waitFor();
    await capture(page, "aml-nepali-phone");
    // Where the machine has a system Noto Devanagari (listed first) the page never needs its own face: load
    // it explicitly to prove it is served and decodes (a device without one gets it through the family list).
    const loaded = await page.evaluate(async () => {
      const faces = await document.fonts.load("20px 'KYC Noto Sans Devanagari'", "नेपाली");
      return faces.map((face) => `${face.family.replaceAll('"', "")}/${face.weight}/${face.status}`);
    });
    assert.deepEqual(loaded, ["KYC Noto Sans Devanagari/400/loaded"]);
    // Without a system Devanagari font the headings (600) fetched their face too; both are hashed assets.
    assert.ok(fontResponses.length >= 1, "no font was fetched");
    for (const font of fontResponses) {
      assert.equal(font.status, 200, font.url);
      assert.match(font.cache ?? "", /immutable/, font.url);
    }
    // Render the heading in the web font alone and keep the picture: conjuncts must shape (no dotted circles).
    await page.evaluate(() => {
      document.documentElement.style.fontFamily = "'KYC Noto Sans Devanagari', sans-serif";
    });
    await page.waitForTimeout(300);
    await capture(page, "aml-nepali-phone-webfont-only");
    await page.getByLabel("पूरा नाम").fill("सीता शर्मा");
    await page.getByRole("button", { name: "पुष्टि गरी अगाडि बढ्नुहोस्" }).click();
    await page.getByRole("heading", { name: "पेस गर्न तयार" }).waitFor();
    await context.close();
  });

  test("an unknown or deleted link (verification or partner form) is an HTTP 404 page, in English or Nepali, with no Referer", async () => {
    const unknown = `${server.url}/verify/${"x".repeat(32)}`;
    const session = await server.createSession({ workflow_id: amlWorkflow });
    const removed = await fetch(`${server.url}/v3/session/${session.id}/delete/`, {
      method: "DELETE",
      headers: server.tenant.headers,
    });
    assert.ok(removed.ok, String(removed.status));
    for (const [device, url] of [
      ["phone", unknown],
      ["desktop", session.url],
    ] as const) {
      const context = device === "phone" ? await newPhone(browser) : await newDesktop(browser);
      const page = await context.newPage();
      const apiCalls: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/flow-api/")) apiCalls.push(request.url());
      });
      const response = await page.goto(url);
      assert.equal(response?.status(), 404);
      assert.equal(response?.headers()["referrer-policy"], "no-referrer");
      await page.getByRole("heading", { name: "This link is not valid" }).waitFor();
      await capture(page, `not-found-${device}`);
      assert.deepEqual(apiCalls, [], "the 404 page needs no API call");
      await page.getByRole("button", { name: "Switch language to Nepali" }).click();
      await page.getByRole("heading", { name: "यो लिङ्क मान्य छैन" }).waitFor();
      await capture(page, `not-found-${device}-nepali`);
      await context.close();
    }
    // An unknown partner application link (/s/<token>) is the same 404 page.
    const partner = await newPhone(browser);
    const partnerPage = await partner.newPage();
    const partnerResponse = await partnerPage.goto(`${server.url}/s/${"x".repeat(32)}`);
    assert.equal(partnerResponse?.status(), 404);
    await partnerPage.getByRole("heading", { name: "This link is not valid" }).waitFor();
    await partner.close();
    // A Nepali browser gets the Nepali page straight away.
    const context = await newPhone(browser, { locale: "ne-NP" });
    const page = await context.newPage();
    await page.goto(unknown);
    await page.getByRole("heading", { name: "यो लिङ्क मान्य छैन" }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), "ne");
    await context.close();
  });

  test("after a refused document photo the camera is live again and the advice says no document was found", async () => {
    const workflow = await createWorkflow(server.services.db, server.tenant.tenant_id, {
      name: "Document",
      nodes: [{ id: "document", feature: "ID_VERIFICATION", config: {} }],
    });
    const session = await server.createSession({ workflow_id: workflow.id });
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(session.url);
    await page.getByRole("button", { name: "Start" }).click();
    await page.getByRole("heading", { name: "Photograph your ID document" }).waitFor();
    await page.locator(".cam-status").filter({ hasNotText: "Starting" }).waitFor();
    await page.getByTestId("document-upload").setInputFiles({
      name: "selfie.jpg",
      mimeType: "image/jpeg",
      buffer: readFileSync(join(FACES, "img1.jpg")),
    });
    await page.getByRole("button", { name: "Use this photo" }).click();
    await page.getByText("We could not find a document in the photo.").waitFor({ timeout: 120_000 });
    // The live preview plays again (frames arriving), with no reload.
    await page.waitForFunction(
      () => {
        const video = document.querySelector("video");
        return !!video && video.videoWidth > 0 && !video.paused && video.readyState >= 2;
      },
      undefined,
      { timeout: 15_000 },
    );
    // The shutter is enabled once the camera reports ready, a moment after the first frames.
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll("button")).some(
          (button) => button.textContent?.trim() === "Take photo" && !button.disabled,
        ),
      undefined,
      { timeout: 15_000 },
    );
    assert.ok(await page.getByRole("button", { name: "Take photo" }).isEnabled());
    await capture(page, "document-refused-camera-live-phone");
    await context.close();
  });
});
