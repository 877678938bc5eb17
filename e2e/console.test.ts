// The operator console in a real browser: sign-in (a wrong password first), the review queue showing a held
// session found by its vendor_data, its evidence images loading, approve and decline (with the reason reaching
// /v3 and the signed webhook), API key create and revoke; phone and desktop screenshots of every page.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { createOperator } from "../src/console/operators.js";
import { saveEvidence } from "../src/platform/media/evidence.js";
import { createWorkflow } from "../src/verify/workflows/workflows.js";
import { drawPassport } from "../test/specimens/documents/passport.js";
import { createRandom } from "../test/specimens/seeded-random.js";
import { FACES, launchBrowser, newDesktop, newPhone, shot } from "./support/browser.js";
import { type FlowServer, startFlowServer } from "./support/flow-server.js";

const PASSWORD = "console e2e password";
const ADMIN = "officer@example.com";
const REVIEWER = "reviewer@example.com";

describe("operator console", () => {
  let server: FlowServer;
  let browser: Browser;
  let workflow: string;
  let passport: Buffer;

  before(async () => {
    server = await startFlowServer();
    browser = await launchBrowser();
    await createOperator(server.services.db, { email: ADMIN, password: PASSWORD, role: "admin" });
    await createOperator(server.services.db, { email: REVIEWER, password: PASSWORD, role: "reviewer" });
    workflow = (
      await createWorkflow(server.services.db, server.tenant.tenant_id, {
        name: "Questions",
        nodes: [
          {
            id: "questions",
            feature: "QUESTIONNAIRE",
            config: { questions: [{ id: "job", label: "Job", type: "text" }] },
          },
        ],
      })
    ).id;
    passport = await (await drawPassport(createRandom(7), join(FACES, "img2.jpg"), 7, {})).canvas.toPng();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A session held for review through /v3, with a document front, portrait and selfie in its evidence. */
  async function heldSession(vendorData: string): Promise<string> {
    const session = await server.createSession({ workflow_id: workflow, vendor_data: vendorData });
    const held = await fetch(`${server.url}/v3/session/${session.id}/update-status/`, {
      method: "PATCH",
      headers: { ...server.tenant.headers, "content-type": "application/json" },
      body: JSON.stringify({ status: "in_review" }),
    });
    assert.equal(held.status, 200, await held.text());
    const files = [
      { kind: "document_front", contentType: "image/png", bytes: passport },
      { kind: "portrait", contentType: "image/jpeg", bytes: readFileSync(join(FACES, "img2.jpg")) },
      { kind: "selfie", contentType: "image/jpeg", bytes: readFileSync(join(FACES, "img1.jpg")) },
    ];
    for (const file of files) {
      await saveEvidence(server.services.db, server.services.media, {
        tenantId: server.tenant.tenant_id,
        sessionId: session.id,
        ...file,
      });
    }
    return session.id;
  }

  async function signIn(page: Page, email: string, password = PASSWORD) {
    await page.goto(`${server.url}/console/`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
  }

  async function openFromQueue(page: Page, vendorData: string) {
    await page.getByRole("heading", { name: "Review queue" }).waitFor();
    await page.getByLabel("Search").fill(vendorData);
    const link = page.getByRole("link", { name: vendorData });
    await link.waitFor();
    await link.click();
    await page.getByRole("heading", { name: vendorData }).waitFor();
  }

  async function v3Session(id: string) {
    const response = await fetch(`${server.url}/v3/session/${id}/`, { headers: server.tenant.headers });
    return (await response.json()) as { status: string };
  }

  test("sign in (wrong password first), find a held session by vendor_data, see its evidence, approve it", async () => {
    const id = await heldSession("e2e-console-approve");
    const context = await newDesktop(browser);
    const page = await context.newPage();
    await signIn(page, ADMIN, "not the password");
    await page.getByRole("alert").filter({ hasText: "Wrong email or password." }).waitFor();
    await shot(page, "console-desktop-1-sign-in-wrong");
    await signIn(page, ADMIN);
    await page.getByRole("heading", { name: "Review queue" }).waitFor();
    await page.getByRole("link", { name: "e2e-console-approve" }).waitFor();
    await shot(page, "console-desktop-2-queue");

    await openFromQueue(page, "e2e-console-approve");
    assert.ok(page.url().endsWith(`/sessions/${id}`), page.url());
    const images = page.locator(".evidence-grid img");
    await images.nth(2).waitFor();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>(".evidence-grid img")).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    assert.deepEqual(await page.locator(".evidence-grid figcaption").allTextContents(), [
      "document front",
      "portrait",
      "selfie",
    ]);
    // The questionnaire never ran (the session was put in review by hand): the warning is on the page.
    await page.getByText("Warning: some checks never ran").waitFor();
    await shot(page, "console-desktop-3-session");

    await page.getByRole("button", { name: "Approve" }).click();
    await page.getByRole("status").filter({ hasText: "Session approved." }).waitFor();
    await page.getByTestId("session-status").filter({ hasText: "approved" }).waitFor();
    await shot(page, "console-desktop-4-approved");
    assert.equal((await v3Session(id)).status, "approved");
    const webhook = await server.deliverWebhook(id);
    assert.equal(webhook.event_type, "identity.kyc.session.approved");
    await context.close();
  });

  test("a reviewer declines with a required reason, which reaches /v3 and the signed webhook", async () => {
    const id = await heldSession("e2e-console-decline");
    const context = await newDesktop(browser);
    const page = await context.newPage();
    await signIn(page, REVIEWER);
    await openFromQueue(page, "e2e-console-decline");
    assert.equal(await page.getByRole("link", { name: "API keys" }).count(), 0, "reviewers see no key admin");
    await page.getByRole("button", { name: "Decline" }).click();
    await page.getByRole("alert").filter({ hasText: "A reason is required to decline." }).waitFor();
    await page.getByLabel("Reason").fill("Document photo does not match the selfie");
    await page.getByRole("button", { name: "Decline" }).click();
    await page.getByTestId("session-status").filter({ hasText: "declined" }).waitFor();
    await page.getByText("decision_reason Document photo does not match the selfie").waitFor();
    await shot(page, "console-desktop-5-declined");
    const decision = (await (
      await fetch(`${server.url}/v3/session/${id}/decision/`, { headers: server.tenant.headers })
    ).json()) as { status: string; decision_reason: string };
    assert.deepEqual(
      { status: decision.status, reason: decision.decision_reason },
      { status: "declined", reason: "Document photo does not match the selfie" },
    );
    const webhook = await server.deliverWebhook(id);
    assert.equal(webhook.payload.decision_reason, "Document photo does not match the selfie");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await context.close();
  });

  test("an admin creates an API key (shown once) that works, revokes it, and creates a verification link", async () => {
    const context = await newDesktop(browser);
    const page = await context.newPage();
    await signIn(page, ADMIN);
    await page.getByRole("link", { name: "API keys" }).click();
    await page.getByRole("heading", { name: "API keys" }).waitFor();
    await page.getByLabel("Label").fill("e2e reporting job");
    await page.getByRole("button", { name: "Create key" }).click();
    const apiKey = (await page.getByTestId("issued-key").textContent())!.trim();
    await page.locator('tr[data-key-label="e2e reporting job"]').waitFor();
    await shot(page, "console-desktop-6-keys");
    const list = () => fetch(`${server.url}/v3/session/`, { headers: { "x-api-key": apiKey } });
    assert.equal((await list()).status, 200);
    page.once("dialog", (dialog) => void dialog.accept());
    await page
      .locator('tr[data-key-label="e2e reporting job"]')
      .getByRole("button", { name: "Revoke" })
      .click();
    await page.locator('tr[data-key-label="e2e reporting job"]').getByText("Revoked").waitFor();
    assert.equal((await list()).status, 401);

    await page.getByRole("link", { name: "New link" }).click();
    await page.getByLabel("vendor_data").fill("e2e-walk-in");
    await page.getByRole("button", { name: "Create verification link" }).click();
    const url = (await page.getByTestId("created-link").textContent())!.trim();
    await shot(page, "console-desktop-8-new-link");
    assert.match(url, new RegExp(`^${server.url}/verify/`));
    const opened = await fetch(url);
    assert.equal(opened.status, 200);
    await context.close();
  });

  test("request resubmission: the applicant redoes the step in a second browser and the session is decided again", async () => {
    const session = await server.createSession({ workflow_id: workflow, vendor_data: "e2e-console-redo" });
    const flow = (path: string, body?: object) =>
      fetch(`${server.url}/flow-api/${session.token}/${path}`, {
        method: body ? "POST" : "GET",
        headers: body ? { "content-type": "application/json" } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
    await flow("state");
    assert.equal((await flow("steps/questions", { answers: { job: "x" } })).status, 200);
    const held = await fetch(`${server.url}/v3/session/${session.id}/update-status/`, {
      method: "PATCH",
      headers: { ...server.tenant.headers, "content-type": "application/json" },
      body: JSON.stringify({ status: "in_review" }),
    });
    assert.equal(held.status, 200);

    const officer = await newDesktop(browser);
    const page = await officer.newPage();
    await signIn(page, REVIEWER);
    await openFromQueue(page, "e2e-console-redo");
    await page.getByLabel("Reason").fill("Please give your full job title");
    await page.getByLabel("questions (questionnaire)").check();
    await shot(page, "console-desktop-7-resubmission");
    await page.getByRole("button", { name: "Request resubmission" }).click();
    await page.getByTestId("session-status").filter({ hasText: "resubmitted" }).waitFor();
    assert.equal((await v3Session(session.id)).status, "resubmitted");

    const applicant = await newPhone(browser);
    const form = await applicant.newPage();
    await form.goto(session.url);
    await form.getByRole("button", { name: "Start" }).click();
    await form.getByLabel("Job").fill("Secondary school teacher");
    await form.getByRole("button", { name: "Continue" }).click();
    await form.getByRole("button", { name: "Submit verification" }).click();
    await form.getByRole("heading", { name: "Thank you" }).waitFor();
    assert.equal((await v3Session(session.id)).status, "approved");
    const webhook = await server.deliverWebhook(session.id);
    assert.equal(webhook.event_type, "identity.kyc.session.approved");

    await page.reload();
    await page.getByTestId("session-status").filter({ hasText: "approved" }).waitFor();
    await page.getByText("applicant returned").waitFor();
    await officer.close();
    await applicant.close();
  });

  test("every page at phone size", async () => {
    await heldSession("e2e-console-phone");
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/console/`);
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await shot(page, "console-phone-1-sign-in");
    await signIn(page, ADMIN);
    await page.getByRole("link", { name: "e2e-console-phone" }).waitFor();
    await shot(page, "console-phone-2-queue");
    await openFromQueue(page, "e2e-console-phone");
    await page.locator(".evidence-grid img").nth(2).waitFor();
    await shot(page, "console-phone-3-session");
    // The navigation is folded behind the Menu button at phone width.
    assert.equal(await page.getByRole("link", { name: "API keys" }).isVisible(), false);
    await page.getByRole("button", { name: "Menu" }).click();
    await shot(page, "console-phone-3b-menu");
    await page.getByRole("link", { name: "API keys" }).click();
    await page.getByRole("heading", { name: "API keys" }).waitFor();
    await page.getByRole("link", { name: "API keys" }).waitFor({ state: "hidden" });
    await shot(page, "console-phone-4-keys");
    await context.close();
  });
});
