// The console's operations pages in a real browser: an operator turns on TOTP (the code computed here from the
// key the page shows) and signs in with it; an approve shows in the audit log; an admin invites an operator
// who must choose a password; the review queue lists an identity flagged by AML monitoring and clears it; the
// tenants, AML lists and retention pages. Screenshots at desktop (1280×800) and tablet (820×1180).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { generate } from "otplib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createOperator } from "../src/console/operators.js";
import { loadSnapshotIfEmpty } from "../src/engines/aml/load-snapshot.js";
import { FLAGGED_EVENT } from "../src/identities/aml-monitoring/flagged-event.js";
import { recordAudit } from "../src/platform/audit.js";
import { launchBrowser, newDesktop, newPhone, openConsoleNav, shot } from "./support/browser.js";
import { type FlowServer, startFlowServer } from "./support/flow-server.js";

const PASSWORD = "console ops e2e password";
const ADMIN = "ops-admin@example.com";
const TOTP_USER = "ops-totp@example.com";
const TABLET = { width: 820, height: 1180 };

describe("operator console: operations", () => {
  let server: FlowServer;
  let browser: Browser;

  before(async () => {
    server = await startFlowServer();
    browser = await launchBrowser();
    for (const email of [ADMIN, TOTP_USER]) {
      await createOperator(server.services.db, { email, password: PASSWORD, role: "admin" });
    }
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const newTablet = (): Promise<BrowserContext> => browser.newContext({ viewport: TABLET, hasTouch: true });

  async function signIn(page: Page, email: string, password = PASSWORD) {
    await page.goto(`${server.url}/console/`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
  }

  async function heldSession(vendorData: string): Promise<string> {
    const session = await server.createSession({ vendor_data: vendorData });
    const held = await fetch(`${server.url}/v3/session/${session.id}/update-status/`, {
      method: "PATCH",
      headers: { ...server.tenant.headers, "content-type": "application/json" },
      body: JSON.stringify({ status: "in_review" }),
    });
    assert.equal(held.status, 200, await held.text());
    return session.id;
  }

  test("an operator turns on TOTP with the QR key, then signs in with a code computed from it", async () => {
    const context = await newDesktop(browser);
    const page = await context.newPage();
    await signIn(page, TOTP_USER);
    await page.getByRole("heading", { name: "Review queue" }).waitFor();
    await page.getByRole("link", { name: `${TOTP_USER} (admin)` }).click();
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    await page.getByRole("img", { name: "QR code of the authenticator key" }).waitFor();
    assert.ok(
      await page.locator("img.qr").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      "the QR code renders",
    );
    await shot(page, "console-ops-desktop-1-totp-enrol");
    // The previous step's code (accepted within the drift window) confirms, so the current one is fresh below.
    const confirmCode = await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 });
    await page.getByLabel("Code from the app").fill(confirmCode);
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByText("On: sign-in asks for a code").waitFor();
    await page.getByRole("button", { name: "Sign out" }).click();

    await signIn(page, TOTP_USER);
    await page.getByLabel("Authentication code").fill("000000");
    await page.getByRole("button", { name: "Verify code" }).click();
    await page.getByRole("alert").filter({ hasText: "Wrong or already used code." }).waitFor();
    await shot(page, "console-ops-desktop-2-totp-code-wrong");
    await page.getByLabel("Authentication code").fill(await generate({ secret }));
    await page.getByRole("button", { name: "Verify code" }).click();
    await page.getByRole("heading", { name: "Review queue" }).waitFor();
    const audit = await server.services.db
      .selectFrom("audit_log")
      .select("action")
      .where("actor", "=", `operator:${TOTP_USER}`)
      .where("action", "in", ["operator.totp_enable", "operator.totp_failed"])
      .execute();
    assert.deepEqual(audit.map((row) => row.action).sort(), ["operator.totp_enable", "operator.totp_failed"]);
    await context.close();
  });

  test("an approve made in the console shows in the audit log, filtered by operator and action", async () => {
    const id = await heldSession("e2e-ops-audit");
    const context = await newDesktop(browser);
    const page = await context.newPage();
    await signIn(page, ADMIN);
    await page.getByLabel("Search").fill("e2e-ops-audit");
    await page.getByRole("link", { name: "e2e-ops-audit" }).click();
    await page.getByRole("button", { name: "Approve" }).click();
    await page.getByRole("status").filter({ hasText: "Session approved." }).waitFor();
    await page.getByRole("link", { name: "Audit log" }).click();
    await page.getByRole("heading", { name: "Audit log" }).waitFor();
    await page.getByLabel("Operator").selectOption(`operator:${ADMIN}`);
    await page.getByLabel("Action").fill("session.review");
    const row = page.locator('tr[data-action="session.review"]').filter({ hasText: id });
    await row.waitFor();
    assert.match((await row.textContent())!, /approved/);
    await shot(page, "console-ops-desktop-3-audit");
    await context.close();
  });

  test("an invited operator signs in with the temporary password and must choose a new one", async () => {
    const context = await newDesktop(browser);
    const page = await context.newPage();
    await signIn(page, ADMIN);
    await page.getByRole("link", { name: "Operators" }).click();
    await page.getByLabel("Email", { exact: true }).fill("invited@example.com");
    await page.getByLabel("Role", { exact: true }).selectOption("reviewer");
    await page.getByRole("button", { name: "Invite operator" }).click();
    const temporary = (await page.getByTestId("temporary-password").textContent())!.trim();
    await page.locator('tr[data-operator="invited@example.com"]').waitFor();
    await shot(page, "console-ops-desktop-4-operators");
    const tablet = await newTablet();
    const tabletPage = await tablet.newPage();
    await signIn(tabletPage, ADMIN);
    await tabletPage.getByRole("link", { name: "Operators" }).click();
    await tabletPage.getByRole("heading", { name: "Operators" }).waitFor();
    await shot(tabletPage, "console-ops-tablet-1-operators");
    await tablet.close();
    await page.getByRole("button", { name: "Sign out" }).click();

    await signIn(page, "invited@example.com", temporary);
    await page.getByText("Choose a new password before you continue").waitFor();
    await shot(page, "console-ops-desktop-5-password-change");
    await page.getByLabel("Current password").fill(temporary);
    await page.getByLabel("New password (at least 10 characters)").fill("my own long password");
    await page.getByRole("button", { name: "Change password" }).click();
    // Done: the console opens where the operator was going (the queue); reviewers get no admin pages.
    await page.getByRole("heading", { name: "Review queue" }).waitFor();
    await page.getByRole("link", { name: "Operators" }).waitFor({ state: "detached" });
    await context.close();
  });

  test("the queue shows an identity flagged by AML monitoring; a reviewer's note clears it", async () => {
    const sessionId = await heldSession("e2e-ops-flagged");
    const { individual_id } = await server.services.db
      .selectFrom("sessions")
      .select("individual_id")
      .where("id", "=", sessionId)
      .executeTakeFirstOrThrow();
    await server.services.db
      .updateTable("individuals")
      .set({ status: "flagged", aml_status: "high" })
      .where("id", "=", individual_id!)
      .execute();
    await recordAudit(server.services.db, {
      tenantId: server.tenant.tenant_id,
      actor: "system",
      action: FLAGGED_EVENT,
      target: individual_id!,
      data: { matches: [{ entity_id: "NK-1", name: "Viktor Bout", score: 0.91, lists: ["sanctions"] }] },
    });
    for (const context of [await newDesktop(browser), await newTablet()]) {
      const page = await context.newPage();
      await signIn(page, ADMIN);
      await page.getByRole("heading", { name: "Flagged by AML monitoring (1)" }).waitFor();
      await page.getByText("Viktor Bout (sanctions; 0.91)").waitFor();
      const size = page.viewportSize()!.width === TABLET.width ? "tablet" : "desktop";
      await page.getByRole("heading", { name: "Flagged by AML monitoring (1)" }).scrollIntoViewIfNeeded();
      await shot(page, `console-ops-${size}-6-queue-flagged`);
      if (size === "tablet") {
        await page.getByLabel("Note for e2e-ops-flagged").fill("Different date of birth");
        await page.getByRole("button", { name: "Clear flag" }).click();
        await page.getByRole("heading", { name: /Flagged by AML monitoring/ }).waitFor({ state: "detached" });
      }
      await context.close();
    }
    const row = await server.services.db
      .selectFrom("individuals")
      .select("status")
      .where("id", "=", individual_id!)
      .executeTakeFirstOrThrow();
    assert.equal(row.status, "active");
  });

  test("rotate-all issues one working key (shown once) and revokes the rest; last use is shown", async () => {
    const context = await newDesktop(browser);
    const page = await context.newPage();
    await signIn(page, ADMIN);
    await page.getByRole("link", { name: "Tenants" }).click();
    await page.getByLabel("Name").fill("Rotate Co");
    await page.getByRole("button", { name: "Create tenant" }).click();
    await page.getByText("Copy these now").waitFor();
    const firstKey = (await page.locator("table.kv code").first().textContent())!.trim();
    const call = (key: string) => fetch(`${server.url}/v3/workflows/`, { headers: { "x-api-key": key } });
    assert.equal((await call(firstKey)).status, 200);
    await server.services.keyUsage.flush();

    await page.getByRole("link", { name: "API keys" }).click();
    await page.getByLabel("Tenant").selectOption({ label: "Rotate Co" });
    const row = page.locator("tbody tr").first();
    await row.locator("td").nth(3).filter({ hasText: /\d{4}/ }).waitFor();
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Rotate all keys" }).click();
    const rotated = (await page.getByTestId("issued-key").textContent())!.trim();
    await page.getByText(/^Revoked /).waitFor();
    await shot(page, "console-ops-desktop-10-keys-rotated");
    assert.equal((await call(firstKey)).status, 401);
    assert.equal((await call(rotated)).status, 200);
    await context.close();
  });

  test("tenants, AML lists (the shipped snapshot: stale) and retention pages at desktop and tablet size", async () => {
    await loadSnapshotIfEmpty(server.services.db, server.services.log);
    for (const context of [await newDesktop(browser), await newTablet()]) {
      const page = await context.newPage();
      const label = page.viewportSize()!.width === TABLET.width ? "tablet" : "desktop";
      await signIn(page, ADMIN);
      await page.getByRole("link", { name: "Tenants" }).click();
      await page.locator('tr[data-tenant="E2E Tenant"]').waitFor();
      if (label === "desktop") {
        await page.getByLabel("Name").fill("Ops Tenant");
        await page.getByRole("button", { name: "Create tenant" }).click();
        await page.getByText("Copy these now").waitFor();
        page.once("dialog", (dialog) => void dialog.accept());
        await page.locator('tr[data-tenant="Ops Tenant"]').getByRole("button", { name: "Suspend" }).click();
        await page
          .locator('tr[data-tenant="Ops Tenant"]')
          .getByRole("button", { name: "Reactivate" })
          .waitFor();
      }
      await shot(page, `console-ops-${label}-7-tenants`);
      await page.getByRole("link", { name: "AML lists" }).click();
      await page.getByRole("heading", { name: "Sources" }).waitFor();
      await page
        .getByRole("alert")
        .filter({ hasText: /lists? (is|are) older than 48 hours/ })
        .waitFor();
      await page
        .locator('tr[data-list="us_ofac_sdn"]')
        .getByText(/stale: \d+ days/)
        .waitFor();
      await shot(page, `console-ops-${label}-8-aml`);
      await page.getByRole("link", { name: "Retention" }).click();
      await page.getByLabel("Keep evidence (days)").fill("180");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Saved: evidence is kept 180 days.").waitFor();
      await shot(page, `console-ops-${label}-9-retention`);
      await context.close();
    }
  });

  test("the operations pages at phone size", async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await signIn(page, ADMIN);
    await page.getByRole("heading", { name: "Review queue" }).waitFor();
    for (const [path, heading] of [
      ["account", "Your account"],
      ["operators", "Operators"],
      ["audit", "Audit log"],
      ["aml", "AML lists"],
    ] as const) {
      if (path !== "account") await openConsoleNav(page);
      await page.getByRole("link", { name: path === "account" ? `${ADMIN} (admin)` : heading }).click();
      await page.getByRole("heading", { name: heading, exact: true }).waitFor();
      await shot(page, `console-ops-phone-${path}`);
    }
    await context.close();
  });
});
