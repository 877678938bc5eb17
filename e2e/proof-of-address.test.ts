// PROOF_OF_ADDRESS in a real browser. The AML step (which supplies the name the bill is matched with) is
// done through the applicant API; the page then opens on the upload screen, where the applicant chooses a
// PDF or photographs the bill (a file input with `capture`, fed here with setInputFiles).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { createOperator } from "../src/console/operators.js";
import { createWorkflow } from "../src/verify/workflows/workflows.js";
import { generatePoaSpecimen, type PoaSpecimen } from "../test/specimens/proof-of-address/generate.js";
import { launchBrowser, newDesktop, newPhone, shot } from "./support/browser.js";
import { type FlowServer, startFlowServer } from "./support/flow-server.js";

describe("proof of address screen", () => {
  let server: FlowServer;
  let browser: Browser;
  let workflow: string;
  let strict: string;

  before(async () => {
    server = await startFlowServer();
    browser = await launchBrowser();
    workflow = (
      await createWorkflow(server.services.db, server.tenant.tenant_id, {
        name: "Proof of address",
        nodes: [
          { id: "aml", feature: "AML_SCREENING", config: {} },
          { id: "poa", feature: "PROOF_OF_ADDRESS", config: { max_age_days: 60 } },
        ],
      })
    ).id;
    strict = (
      await createWorkflow(server.services.db, server.tenant.tenant_id, {
        name: "Proof of address, reviewed",
        nodes: [
          { id: "aml", feature: "AML_SCREENING", config: {} },
          { id: "poa", feature: "PROOF_OF_ADDRESS", config: { min_confidence: 0.99 } },
        ],
      })
    ).id;
    await createOperator(server.services.db, {
      email: "poa@example.com",
      password: "poa e2e password",
      role: "admin",
    });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  async function atPoa(name: string, locale = "en", workflowId = workflow, vendorData?: string) {
    const session = await server.createSession({
      workflow_id: workflowId,
      locale,
      ...(vendorData ? { vendor_data: vendorData } : {}),
    });
    await server.submitStep(session.token, "aml", { full_name: name });
    return session;
  }
  const entry = async (sessionId: string) => {
    const read = await server.readSession<{
      decision_v3: {
        poa_verifications: { status: string; warnings: string[]; data: Record<string, unknown> }[];
      };
    }>(sessionId);
    return read.decision_v3.poa_verifications[0]!;
  };
  const file = (specimen: PoaSpecimen, name: string) => ({
    name,
    mimeType: specimen.mime,
    buffer: specimen.bytes,
  });

  for (const device of ["phone", "desktop"] as const) {
    test(`a bank statement PDF is chosen, shown and accepted (${device})`, async () => {
      const statement = await generatePoaSpecimen(201, {
        kind: "bank_statement",
        language: "en",
        format: "pdf_text",
        ageDays: 15,
      });
      const session = await atPoa(statement.truth.nameLatin);
      const context = device === "phone" ? await newPhone(browser) : await newDesktop(browser);
      const page: Page = await context.newPage();
      await page.goto(session.url);
      await page.getByRole("heading", { name: "Proof of address" }).waitFor();
      await page.getByText("issued in the last 60 days").waitFor();
      await page.getByText("Bank statement").waitFor();
      await shot(page, `proof-of-address-${device}-1-choose`);
      await page.getByTestId("poa-file").setInputFiles(file(statement, "statement-june.pdf"));
      await page.getByText("statement-june.pdf").waitFor();
      await shot(page, `proof-of-address-${device}-2-chosen`);
      await page.getByRole("button", { name: "Use this document" }).click();
      await page.getByRole("heading", { name: "Ready to submit" }).waitFor();
      await page.getByRole("button", { name: "Submit verification" }).click();
      await page.getByRole("heading", { name: "Thank you" }).waitFor();
      const poa = await entry(session.id);
      assert.equal(poa.status, "approved", JSON.stringify(poa));
      assert.equal(poa.data.document_type, "bank_statement");
      await context.close();
    });
  }

  test("in Nepali, a screenshot is refused with the reason; a photographed bill then goes through", async () => {
    const screenshot = await generatePoaSpecimen(202, {
      kind: "utility_bill",
      language: "ne",
      format: "screenshot",
    });
    const photo = await generatePoaSpecimen(203, {
      kind: "utility_bill",
      language: "ne",
      format: "scan",
      ageDays: 10,
      person: screenshot.person,
    });
    const session = await atPoa(photo.truth.nameLatin, "ne");
    const context = await newPhone(browser, { locale: "ne" });
    const page = await context.newPage();
    await page.goto(session.url);
    await page.getByRole("heading", { name: "ठेगानाको प्रमाण" }).waitFor();
    await shot(page, "proof-of-address-ne-1-choose");
    await page.getByTestId("poa-camera").setInputFiles(file(screenshot, "screenshot.png"));
    await page.getByRole("button", { name: "यो कागजात प्रयोग गर्नुहोस्" }).click();
    await page.getByText("यो स्क्रिनसट जस्तो देखिन्छ।", { exact: false }).waitFor({ timeout: 60_000 });
    await shot(page, "proof-of-address-ne-2-screenshot-refused");
    await page.getByTestId("poa-camera").setInputFiles(file(photo, "bill.jpg"));
    await page.getByRole("img", { name: "तपाईंको ठेगाना प्रमाणको फोटो" }).waitFor();
    await shot(page, "proof-of-address-ne-3-photo");
    await page.getByRole("button", { name: "यो कागजात प्रयोग गर्नुहोस्" }).click();
    await page.getByRole("heading", { name: "पेस गर्न तयार" }).waitFor({ timeout: 90_000 });
    await page.getByRole("button", { name: "प्रमाणीकरण पेस गर्नुहोस्" }).click();
    await page.getByRole("heading", { name: "धन्यवाद" }).waitFor();
    const poa = await entry(session.id);
    assert.equal(poa.status, "approved", JSON.stringify(poa));
    assert.equal(poa.data.language, "ne");
    await context.close();
  });

  test("a reading below min_confidence goes to review; the console shows what was read beside the page", async () => {
    const bill = await generatePoaSpecimen(204, {
      kind: "telecom_bill",
      language: "en",
      format: "photo",
      ageDays: 25,
    });
    const session = await atPoa(bill.truth.nameLatin, "en", strict, "e2e-poa-review");
    const sent = await fetch(`${server.url}/flow-api/${session.token}/steps/poa`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ file: bill.bytes.toString("base64"), source: "camera" }),
    });
    assert.equal(sent.status, 200, await sent.text());
    const finished = await fetch(`${server.url}/flow-api/${session.token}/finish`, { method: "POST" });
    assert.equal(finished.status, 200, await finished.text());
    const poa = await entry(session.id);
    assert.equal(poa.status, "in_review", JSON.stringify(poa));
    assert.ok(poa.warnings.includes("poa_low_confidence"));

    const context = await newDesktop(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/console/`);
    await page.getByLabel("Email").fill("poa@example.com");
    await page.getByLabel("Password").fill("poa e2e password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Review queue" }).waitFor();
    await page.getByLabel("Search").fill("e2e-poa-review");
    await page.getByRole("link", { name: "e2e-poa-review" }).click();
    await page.getByRole("heading", { name: "Proof of address" }).waitFor();
    await page.getByText("poa low confidence").first().waitFor();
    await page.locator("img.poa-page").waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>("img.poa-page");
      return img?.complete === true && img.naturalWidth > 0;
    });
    await page.getByRole("heading", { name: "Proof of address" }).scrollIntoViewIfNeeded();
    await shot(page, "proof-of-address-console-desktop");
    await context.close();
  });
});
