// The hosted applicant pages in a real browser: a questionnaire session from its URL to a signed webhook
// (phone and desktop), Nepali, a branded workflow with versioned terms, the partner /s/ form leading into
// verification, the end page of an expired session, and the first screen on a slow connection.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { createFlow } from "../src/partner/flows/flows.js";
import { setTenantBranding } from "../src/verify/applicant/branding.js";
import { createWorkflow } from "../src/verify/workflows/workflows.js";
import { partnerJwt } from "../test/partner/partner-support.js";
import { ARTIFACTS, faceY4m, launchBrowser, newDesktop, newPhone, shot } from "./support/browser.js";
import { type FlowServer, startFlowServer } from "./support/flow-server.js";

const QUESTIONNAIRE = {
  id: "questions",
  feature: "QUESTIONNAIRE",
  config: {
    questions: [
      { id: "occupation", label: "Occupation", label_ne: "पेसा", type: "text" },
      {
        id: "source_of_funds",
        label: "Source of funds",
        label_ne: "आम्दानीको स्रोत",
        type: "choice",
        options: ["salary", "business", "other"],
      },
      { id: "start_date", label: "Start date", label_ne: "सुरु मिति", type: "date", required: false },
    ],
  },
};

// A 1×1 PNG logo as a data URI (branding accepts URLs or data URIs).
const LOGO =
  "data:image/svg+xml;base64," +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="140" height="32"><rect width="32" height="32" rx="8" fill="#ffb703"/><text x="40" y="23" font-family="sans-serif" font-size="18" font-weight="700" fill="#ffffff">Himal Bank</text></svg>',
  ).toString("base64");

describe("hosted flow pages", () => {
  let server: FlowServer;
  let browser: Browser;
  let questionnaire: string;
  const metrics: Record<string, unknown> = {};

  before(async () => {
    server = await startFlowServer();
    browser = await launchBrowser(faceY4m("img1.jpg"));
    questionnaire = (
      await createWorkflow(server.services.db, server.tenant.tenant_id, {
        name: "Questions",
        nodes: [QUESTIONNAIRE],
      })
    ).id;
  });
  after(async () => {
    writeFileSync(join(ARTIFACTS, "hosted-flow-metrics.json"), `${JSON.stringify(metrics, null, 2)}\n`);
    await browser?.close();
    await server?.close();
  });

  async function answerQuestions(
    page: Page,
    name: string,
    labels = { occupation: "Occupation", funds: "salary" },
  ) {
    await page.getByLabel(labels.occupation).waitFor();
    await shot(page, `${name}-questionnaire`);
    // The server refuses a missing required answer; the page names the question.
    await page.getByRole("button", { name: /Continue|अगाडि बढ्नुहोस्/ }).click();
    await page.locator(".field-error").first().waitFor();
    await shot(page, `${name}-questionnaire-error`);
    await page.getByLabel(labels.occupation).fill("Engineer");
    await page.getByLabel(labels.funds).check();
    await page.getByRole("button", { name: /Continue|अगाडि बढ्नुहोस्/ }).click();
  }

  for (const device of ["phone", "desktop"] as const) {
    test(`a questionnaire session runs from its URL to a signed webhook and the advisory redirect (${device})`, async () => {
      const callback = server.receiver.url.replace("/hooks", "/return");
      const session = await server.createSession({
        workflow_id: questionnaire,
        vendor_data: `e2e-${device}`,
        callback_url: callback,
      });
      const context = device === "phone" ? await newPhone(browser) : await newDesktop(browser);
      const page = await context.newPage();
      await page.goto(session.url);
      await page.getByRole("heading", { name: "Let's verify your identity" }).waitFor();
      await shot(page, `questionnaire-${device}-1-intro`);
      await page.getByRole("button", { name: "Start" }).click();
      await answerQuestions(page, `questionnaire-${device}-2`);
      await page.getByRole("heading", { name: "Ready to submit" }).waitFor();
      await shot(page, `questionnaire-${device}-3-finish`);
      await page.getByRole("button", { name: "Submit verification" }).click();
      await page.getByRole("heading", { name: "Thank you" }).waitFor();
      await shot(page, `questionnaire-${device}-4-end`);

      const webhook = await server.deliverWebhook(session.id);
      assert.equal(webhook.event_type, "identity.kyc.session.approved");
      assert.equal(webhook.payload.session_id, session.id);
      assert.equal(webhook.payload.vendor_data, `e2e-${device}`);

      await page.waitForURL((url) => url.href.startsWith(callback), { timeout: 10_000 });
      const back = new URL(page.url());
      assert.equal(back.searchParams.get("session_id"), session.id);
      assert.equal(back.searchParams.get("status"), "approved");
      await context.close();
    });
  }

  test("a Nepali session shows Nepali copy and question labels throughout", async () => {
    const session = await server.createSession({ workflow_id: questionnaire, locale: "ne" });
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(session.url);
    await page.getByRole("heading", { name: "आउनुहोस्, तपाईंको पहिचान प्रमाणित गरौँ" }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), "ne");
    await shot(page, "nepali-phone-1-intro");
    await page.getByRole("button", { name: "सुरु गर्नुहोस्" }).click();
    await answerQuestions(page, "nepali-phone-2", { occupation: "पेसा", funds: "salary" });
    await page.getByRole("button", { name: "प्रमाणीकरण पेस गर्नुहोस्" }).click();
    await page.getByRole("heading", { name: "धन्यवाद" }).waitFor();
    await shot(page, "nepali-phone-3-end");
    // The applicant may switch language; the page follows at once.
    await page.getByRole("button", { name: "भाषा अङ्ग्रेजीमा बदल्नुहोस्" }).click();
    await page.getByRole("heading", { name: "Thank you" }).waitFor();
    await context.close();
  });

  test("a branded workflow over tenant branding: logo, colour, pill buttons, dark theme, intro, copy override, terms", async () => {
    await setTenantBranding(server.services.db, server.tenant.tenant_id, {
      company_name: "Himal Bank",
      logo_url: LOGO,
      color: "#0B6E4F",
      button_shape: "square",
    });
    const branded = await createWorkflow(server.services.db, server.tenant.tenant_id, {
      name: "Branded",
      nodes: [QUESTIONNAIRE],
      branding: {
        color: "#FFB703",
        button_shape: "pill",
        theme: "dark",
        intro: {
          en: "Himal Bank needs to confirm who you are before opening your account.",
          ne: "खाता खोल्नुअघि हिमाल बैंकले तपाईंको पहिचान पुष्टि गर्नुपर्छ।",
        },
        copy: { en: { "intro.start": "Let's go" } },
        terms: {
          version: "2026-03",
          text: "Himal Bank processes your identity document, selfie and answers to verify your identity under the Privacy Act 2075. Evidence is kept for 365 days.",
        },
      },
    });
    const session = await server.createSession({ workflow_id: branded.id });
    for (const device of ["phone", "desktop"] as const) {
      const context = device === "phone" ? await newPhone(browser) : await newDesktop(browser);
      const page = await context.newPage();
      await page.goto(session.url);
      await page.getByText("Himal Bank needs to confirm").waitFor();
      await shot(page, `branded-${device}-1-intro`);
      const start = page.getByRole("button", { name: "Let's go" });
      const style = await start.evaluate((el) => getComputedStyle(el));
      assert.equal(style.backgroundColor, "rgb(255, 183, 3)");
      assert.equal(style.borderTopLeftRadius, "999px");
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "dark");
      await start.click();
      await page.getByRole("heading", { name: "Terms and conditions" }).waitFor();
      await page.getByText("Version 2026-03").waitFor();
      await shot(page, `branded-${device}-2-terms`);
      if (device === "desktop") {
        assert.ok(await page.getByRole("button", { name: "Accept and continue" }).isDisabled());
        await page.getByLabel("I have read and accept these terms").check();
        await page.getByRole("button", { name: "Accept and continue" }).click();
        await page.getByLabel("Occupation").waitFor();
        await shot(page, `branded-${device}-3-questionnaire`);
      }
      await context.close();
    }
    const consent = await server.services.db
      .selectFrom("session_events")
      .select("data")
      .where("session_id", "=", session.id)
      .where("type", "=", "applicant.consented")
      .executeTakeFirstOrThrow();
    assert.deepEqual(consent.data, { terms_version: "2026-03" });
  });

  test("the partner /s/ form leads into its verification session", async () => {
    const flow = await createFlow(server.services.db, server.tenant.tenant_id, {
      name: "Mobile onboarding",
      workflowId: questionnaire,
      formFields: ["full_name", "phone", "email"],
    });
    const jwt = await partnerJwt(server.tenant as never, {
      claims: { flow_id: flow.id, payload: { full_name: "Sita Sharma" } },
    });
    const created = await fetch(`${server.url}/api/v1/sessions/`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.tenant.api_key}`, "content-type": "application/json" },
      body: JSON.stringify({ jwt }),
    });
    const hosted = (await created.json()) as { url: string };
    assert.equal(created.status, 201, JSON.stringify(hosted));
    assert.match(hosted.url, /\/s\/[A-Za-z0-9_-]+$/);

    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(hosted.url);
    await page.getByRole("heading", { name: "Your details" }).waitFor();
    assert.equal(await page.getByLabel("Full name").inputValue(), "Sita Sharma");
    await page.getByLabel("Phone number").fill("+977 9800000001");
    await page.getByLabel("Email address").fill("sita@example.com");
    await shot(page, "partner-phone-1-form");
    await page.getByRole("button", { name: "Continue to verification" }).click();
    await page.getByRole("heading", { name: "Let's verify your identity" }).waitFor();
    assert.match(page.url(), /\/verify\/[A-Za-z0-9_-]+$/);
    await shot(page, "partner-phone-2-verification");
    await page.getByRole("button", { name: "Start" }).click();
    await page.getByLabel("Occupation").fill("Teacher");
    await page.getByLabel("business").check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Submit verification" }).click();
    await page.getByRole("heading", { name: "Thank you" }).waitFor();
    await context.close();
  });

  test("an expired session shows the expired end page, never a step", async () => {
    const session = await server.createSession({ workflow_id: questionnaire });
    await server.services.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where("id", "=", session.id)
      .execute();
    for (const device of ["phone", "desktop"] as const) {
      const context = device === "phone" ? await newPhone(browser) : await newDesktop(browser);
      const page = await context.newPage();
      await page.goto(session.url);
      await page.getByRole("heading", { name: "This link has expired" }).waitFor();
      await shot(page, `expired-${device}`);
      await context.close();
    }
    // Opening the lapsed link expired the session on the server too (it was still not_started).
    const row = await server.services.db
      .selectFrom("sessions")
      .select("status")
      .where("id", "=", session.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.status, "expired");
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/verify/${"x".repeat(32)}`);
    await page.getByRole("heading", { name: "This link is not valid" }).waitFor();
    await shot(page, "not-found-phone");
    await context.close();
  });

  test("first step on a Slow-3G-like connection (figure reported, not asserted)", async () => {
    const session = await server.createSession({ workflow_id: questionnaire });
    const context = await newPhone(browser);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    // DevTools' "Slow 3G" preset: 2 s round trip, ~50 kB/s each way.
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 2000,
      downloadThroughput: 50_000,
      uploadThroughput: 50_000,
    });
    const started = Date.now();
    await page.goto(session.url, { waitUntil: "commit" });
    await page.getByRole("button", { name: "Start" }).waitFor({ timeout: 60_000 });
    const intro = Date.now() - started;
    await page.getByRole("button", { name: "Start" }).click();
    await page.getByLabel("Occupation").waitFor({ timeout: 60_000 });
    metrics.slow3g_first_screen_ms = intro;
    metrics.slow3g_first_step_ms = Date.now() - started;
    console.log(
      `slow 3G: first screen ${intro} ms, first step (questionnaire) ${metrics.slow3g_first_step_ms} ms`,
    );
    await context.close();
  });
});
