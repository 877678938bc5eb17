// The console's configuration pages in a real browser (issue 19): a workflow edit refused with the
// validator's message at the node, then a valid edit saved; the branding preview (the real hosted page in a
// frame) switching between English and Nepali; a failed webhook delivery's attempts and its resend; risk lists,
// flows, credits and imports (with the finished-import notice). Screenshots at 1280×800 and 820×1180.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createOperator } from "../src/console/operators.js";
import { runImportBatch } from "../src/identities/import/run-import-batch.js";
import { listWorkflows } from "../src/verify/workflows/workflows.js";
import { deliverWebhookEvent } from "../src/webhooks/deliver-event.js";
import { launchBrowser, newDesktop, newPhone, openConsoleNav, shot } from "./support/browser.js";
import { type FlowServer, startFlowServer } from "./support/flow-server.js";

const PASSWORD = "console config e2e password";
const ADMIN = "config-admin@example.com";
const TABLET = { width: 820, height: 1180 };

describe("operator console: configuration pages", () => {
  let server: FlowServer;
  let browser: Browser;

  before(async () => {
    server = await startFlowServer();
    browser = await launchBrowser();
    await createOperator(server.services.db, { email: ADMIN, password: PASSWORD, role: "admin" });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signedIn(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${server.url}/console/`);
    await page.getByLabel("Email").fill(ADMIN);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Review queue" }).waitFor();
    await openConsoleNav(page);
    await page.getByRole("link", { name: path, exact: true }).click();
    return page;
  }

  async function tablet(): Promise<BrowserContext> {
    return browser.newContext({ viewport: TABLET });
  }

  test("a workflow edit is refused with the validator's message at the node, then a valid edit is saved", async () => {
    const context = await newDesktop(browser);
    const page = await signedIn(context, "Workflows");
    await page.getByRole("heading", { name: "Workflows" }).waitFor();
    const row = page.locator("tr", { hasText: "aml screening" }).first();
    await row.getByRole("button", { name: "Edit nodes" }).click();
    await page.getByRole("heading", { name: /^Edit / }).waitFor();
    // Node 2 is LIVENESS (document, liveness, face match, AML): ask for a method that does not exist.
    await page.locator("#node-1-config").fill('{"method": "TELEKINESIS"}');
    await page.getByRole("button", { name: "Save workflow" }).click();
    const refusal = page.getByTestId("node-error");
    await refusal.waitFor();
    assert.match((await refusal.textContent()) ?? "", /LIVENESS: method .*PASSIVE/);
    assert.equal(await page.locator("li.node.invalid").getAttribute("data-node-index"), "1");
    await shot(page, "console-config-desktop-1-workflow-refused");
    const stored = (await listWorkflows(server.services.db, server.tenant.tenant_id)).find(
      (w) => w.is_default,
    )!;
    assert.deepEqual(stored.nodes[1]!.config.method, "PASSIVE", "the refused edit changed nothing");

    await page.locator("#node-1-config").fill('{"method": "PASSIVE_VIDEO"}');
    await page.locator("li.node").nth(3).getByRole("button", { name: "Remove" }).click();
    await page.getByRole("button", { name: "Save workflow" }).click();
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    assert.equal(await page.getByTestId("node-error").count(), 0);
    const saved = (await listWorkflows(server.services.db, server.tenant.tenant_id)).find(
      (w) => w.is_default,
    )!;
    assert.equal(saved.nodes[1]!.config.method, "PASSIVE_VIDEO");
    assert.deepEqual(
      saved.nodes.map((node) => node.feature),
      ["ID_VERIFICATION", "LIVENESS", "FACE_MATCH"],
    );
    await shot(page, "console-config-desktop-2-workflow-saved");
    await context.close();
    const small = await tablet();
    const tabletPage = await signedIn(small, "Workflows");
    await tabletPage.getByRole("button", { name: "Edit nodes" }).first().click();
    await tabletPage.getByRole("heading", { name: /^Edit / }).waitFor();
    await shot(tabletPage, "console-config-tablet-1-workflows");
    await small.close();
  });

  test("the branding preview draws the real hosted page and switches between English and Nepali", async () => {
    const context = await newDesktop(browser);
    const page = await signedIn(context, "Branding");
    await page.getByRole("heading", { name: "Hosted-page branding" }).waitFor();
    await page.getByLabel("Company name").fill("Sahakari Bank");
    await page.locator("#b-color").fill("#8a1c4a");
    await page.getByLabel("Intro (English)").fill("Welcome to Sahakari onboarding.");
    await page.getByLabel("Intro (Nepali)").fill("सहकारी अनबोर्डिङमा स्वागत छ।");
    const frame = page.frameLocator("iframe[title='Hosted page preview']");
    await frame.getByText("Welcome to Sahakari onboarding.").waitFor();
    await frame.getByRole("heading", { name: "Let's verify your identity" }).waitFor();
    assert.equal(await frame.locator(".brand-name").textContent(), "Sahakari Bank");
    await shot(page, "console-config-desktop-3-branding-en");
    await page.getByRole("button", { name: "नेपाली" }).click();
    await frame.getByRole("heading", { name: "आउनुहोस्, तपाईंको पहिचान प्रमाणित गरौँ" }).waitFor();
    await frame.getByText("सहकारी अनबोर्डिङमा स्वागत छ।").waitFor();
    assert.equal(await frame.getByTestId("branding-preview").getAttribute("data-locale"), "ne");
    const brand = await frame.locator("html").evaluate((html) => html.style.getPropertyValue("--brand"));
    assert.equal(brand, "#8a1c4a");
    await shot(page, "console-config-desktop-4-branding-ne");
    await page.getByRole("button", { name: "English" }).click();
    await frame.getByRole("heading", { name: "Let's verify your identity" }).waitFor();
    await page.getByRole("button", { name: "Save branding" }).click();
    await page.getByRole("status").filter({ hasText: "Branding saved." }).waitFor();
    const stored = await server.services.db
      .selectFrom("tenants")
      .select("settings")
      .where("id", "=", server.tenant.tenant_id)
      .executeTakeFirstOrThrow();
    assert.equal(
      (stored.settings as { branding: { company_name: string } }).branding.company_name,
      "Sahakari Bank",
    );
    await context.close();
    const small = await tablet();
    const tabletPage = await signedIn(small, "Branding");
    await tabletPage.frameLocator("iframe[title='Hosted page preview']").getByText("Sahakari Bank").waitFor();
    await shot(tabletPage, "console-config-tablet-2-branding");
    await small.close();
  });

  test("the preview shows a fragment that changed before the page listened for changes", async () => {
    // The console sets a second fragment as soon as the stored branding arrives. On a loaded machine that can
    // fall between the preview's first render and its hashchange listener; the page must still draw it.
    const context = await newDesktop(browser);
    const page = await context.newPage();
    const fragment = (branding: Record<string, unknown>) => encodeURIComponent(JSON.stringify({ branding }));
    const late = fragment({
      company_name: "Late Branding Co",
      intro: { en: "Arrived after the first render." },
    });
    await page.addInitScript((hash: string) => {
      // Runs before the page's scripts: the moment the preview is first in the DOM, before any effect has run.
      const watch = new MutationObserver(() => {
        if (!document.querySelector("[data-testid='branding-preview']")) return;
        watch.disconnect();
        window.location.hash = hash;
      });
      watch.observe(document, { childList: true, subtree: true });
    }, late);
    await page.goto(`${server.url}/preview/branding#${fragment({ company_name: "Early Co" })}`);
    await page.getByText("Arrived after the first render.").waitFor();
    assert.equal(await page.locator(".brand-name").textContent(), "Late Branding Co");
    await context.close();
  });

  test("a failed delivery shows its attempt (status, error, excerpt, duration) and is resent from the console", async () => {
    const session = await server.createSession({ vendor_data: "e2e-webhook-resend" });
    const held = await fetch(`${server.url}/v3/session/${session.id}/update-status/`, {
      method: "PATCH",
      headers: { ...server.tenant.headers, "content-type": "application/json" },
      body: JSON.stringify({ status: "in_review" }),
    });
    assert.equal(held.status, 200);
    const event = await server.services.db
      .selectFrom("webhook_events")
      .select(["id"])
      .where("session_id", "=", session.id)
      .executeTakeFirstOrThrow();
    server.receiver.respondWith(500, "receiver exploded");
    await deliverWebhookEvent(server.services, event.id);
    server.receiver.respondWith(200);

    const context = await newDesktop(browser);
    const page = await signedIn(context, "Webhooks");
    const row = page.locator(`tr[data-event-id="${event.id}"]`);
    await row.waitFor();
    await row.getByRole("button", { name: "Attempts" }).click();
    const attempt = page.locator("table.attempts tbody tr").first();
    await attempt.waitFor();
    const cells = await attempt.locator("td").allTextContents();
    assert.equal(cells[2], "500");
    assert.match(cells[3]!, /HTTP 500/);
    assert.equal(cells[4], "receiver exploded");
    assert.match(cells[5]!, /^\d+ ms$/);
    await shot(page, "console-config-desktop-5-webhook-attempts");

    const before = server.receiver.received.length;
    await row.getByRole("button", { name: "Resend" }).click();
    await page.getByRole("status").filter({ hasText: "Queued for delivery again" }).waitFor();
    const queued = await server.services.db
      .selectFrom("webhook_events")
      .select(["status", "attempts"])
      .where("id", "=", event.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(queued, { status: "pending", attempts: 0 });
    // The worker's job, run here (no worker runs in this process): the same event id goes out again.
    assert.equal(await deliverWebhookEvent(server.services, event.id), "delivered");
    const resent = server.receiver.received.slice(before);
    assert.equal(resent.length, 1);
    assert.equal(resent[0]!.headers["x-webhook-id"], event.id);
    await page.reload();
    await page.locator(`tr[data-event-id="${event.id}"] .badge`, { hasText: "delivered" }).waitFor();
    await context.close();
    const small = await tablet();
    const tabletPage = await signedIn(small, "Webhooks");
    await tabletPage.locator(`tr[data-event-id="${event.id}"]`).waitFor();
    await shot(tabletPage, "console-config-tablet-3-webhooks");
    await small.close();
  });

  test("risk lists, flows, credits and imports (with the finished-import notice) work and are screenshot", async () => {
    const context = await newDesktop(browser);
    const page = await signedIn(context, "Risk lists");
    await page.getByLabel("New list name").fill("Blocked phones");
    await page.getByRole("button", { name: "Create list" }).click();
    await page.getByRole("heading", { name: /Entries of Blocked phones/ }).waitFor();
    await page.getByLabel("Values (one per line)").fill("+977 980-000-0001\n9800000002\n ");
    await page.getByLabel("Comment", { exact: true }).fill("chargebacks");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "2 added" }).waitFor();
    await page.getByRole("cell", { name: "9779800000001" }).waitFor();
    await shot(page, "console-config-desktop-6-risk-lists");

    await page.getByRole("link", { name: "Flows", exact: true }).click();
    await page.getByLabel("New flow name").fill("Loan onboarding");
    await page.getByRole("button", { name: "Create flow" }).click();
    await page.getByRole("heading", { name: "Edit flow Loan onboarding" }).waitFor();
    await page.getByLabel("Blocked phones (phone)").selectOption("manual_review");
    await page.getByRole("checkbox", { name: "phone" }).check();
    await page.getByRole("button", { name: "Save flow" }).click();
    await page.getByRole("status").filter({ hasText: "Flow saved." }).waitFor();
    const flow = await server.services.db
      .selectFrom("partner_flows")
      .selectAll()
      .where("tenant_id", "=", server.tenant.tenant_id)
      .executeTakeFirstOrThrow();
    assert.equal(flow.name, "Loan onboarding");
    await shot(page, "console-config-desktop-7-flows");

    await server.createSession({ vendor_data: "e2e-credits" }); // a SESSION_CREATE debit today
    await page.getByRole("link", { name: "Credits", exact: true }).click();
    await page.getByTestId("balance").waitFor();
    await page.locator("svg[aria-label='Credits spent per feature'] rect").first().waitFor();
    await shot(page, "console-config-desktop-8-credits");

    const dir = mkdtempSync(join(tmpdir(), "console-import-"));
    const csv = join(dir, "customers.csv");
    writeFileSync(csv, 'customer_id,name,photo\nc-1,"Sita, Sharma",\n,Ram Thapa,https://example.com/r.jpg\n');
    await page.getByRole("link", { name: "Imports", exact: true }).click();
    await page.getByLabel("File (CSV with a header row, or JSON)").setInputFiles(csv);
    await page.getByLabel("Source system").fill("core-banking");
    await page.getByLabel("Consent reference").fill("consent-2026");
    await page.getByRole("button", { name: "Start import" }).click();
    await page.getByRole("status").filter({ hasText: "Import started: 2 rows." }).waitFor();
    await page.getByRole("cell", { name: "photo_url_required" }).waitFor();
    const batch = await server.services.db
      .selectFrom("import_batches")
      .select("id")
      .where("tenant_id", "=", server.tenant.tenant_id)
      .executeTakeFirstOrThrow();
    // The import job, run here (no worker in this process); the page polls and the notice appears.
    await runImportBatch(server.services, server.tenant.tenant_id, batch.id);
    const notice = page.locator(`li[data-notice="${batch.id}"]`);
    await notice.waitFor({ timeout: 30_000 });
    assert.match((await notice.textContent()) ?? "", /2 rows, 2 with errors/);
    await page.getByTestId("import-notice-count").waitFor();
    await shot(page, "console-config-desktop-9-imports");
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await notice.waitFor({ state: "detached" });
    await context.close();

    const small = await tablet();
    const tabletPage = await signedIn(small, "Risk lists");
    for (const name of ["risk-lists", "flows", "credits", "imports"]) {
      await tabletPage.goto(`${server.url}/console/${name}`);
      await tabletPage.getByRole("heading", { level: 1 }).waitFor();
      await tabletPage.waitForLoadState("networkidle");
      await shot(tabletPage, `console-config-tablet-${name}`);
    }
    const phone = await newPhone(browser);
    const phonePage = await signedIn(phone, "Workflows");
    for (const name of ["workflows", "branding", "webhooks", "imports"]) {
      await phonePage.goto(`${server.url}/console/${name}`);
      await phonePage.getByRole("heading", { level: 1 }).waitFor();
      await phonePage.waitForLoadState("networkidle");
      await shot(phonePage, `console-config-phone-${name}`);
    }
    await phone.close();
    await small.close();
  });

  test("a registry connector is saved (its secret shown once), rotated, turned off and removed", async () => {
    const context = await newDesktop(browser);
    const page = await signedIn(context, "Registries");
    await page.getByRole("heading", { name: "Registry connectors" }).waitFor();
    await page.getByLabel("Name").fill("Bad Name");
    await page.getByLabel("Endpoint (https)").fill("http://127.0.0.1:9/verify");
    await page.getByRole("button", { name: "Save connector" }).click();
    await page.getByRole("alert").filter({ hasText: "lower-case" }).waitFor();
    await page.getByLabel("Name").fill("nepal-nid");
    await page.getByRole("button", { name: "Save connector" }).click();
    const secret = page.getByTestId("registry-secret");
    await secret.waitFor();
    const first = await secret.locator("code").textContent();
    assert.ok(first && first.length >= 16);
    const row = page.locator('tr[data-connector="nepal-nid"]');
    await row.waitFor();
    await shot(page, "console-config-desktop-9-registry");
    await row.getByRole("button", { name: "New secret" }).click();
    await page.getByRole("status").filter({ hasText: "New secret" }).waitFor();
    assert.notEqual(await secret.locator("code").textContent(), first);
    await row.getByRole("button", { name: "Turn off" }).click();
    await row.getByRole("button", { name: "Turn on" }).waitFor();
    await row.getByRole("button", { name: "Remove" }).click();
    await page.getByText("No connectors yet.").waitFor();
    await context.close();
  });
});
