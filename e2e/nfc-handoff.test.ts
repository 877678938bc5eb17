// NFC_VERIFICATION on the hosted page, in a real browser: browsers cannot read a passport chip, so the screen
// hands the session to the app (a link and a QR code of it, English and Nepali); the "app" here posts a chip
// built at test time to the applicant API, and the page moves on when the applicant says they are done.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { createWorkflow } from "../src/verify/workflows/workflows.js";
import { dg1, dg2, issueCertificate, securityObject } from "../test/engines/nfc/passport-chip.js";
import { FACES, launchBrowser, newDesktop, newPhone, shot } from "./support/browser.js";
import { type FlowServer, startFlowServer } from "./support/flow-server.js";

const MRZ = ["P<NPLSHARMA<<SITA<<<<<<<<<<<<<<<<<<<<<<<<<<<", "PA12345674NPL9001012F3501015<<<<<<<<<<<<<<00"];

describe("NFC hand-off screen", () => {
  let server: FlowServer;
  let browser: Browser;
  let workflow: string;

  before(async () => {
    server = await startFlowServer();
    browser = await launchBrowser();
    workflow = (
      await createWorkflow(server.services.db, server.tenant.tenant_id, {
        name: "Chip",
        nodes: [{ id: "chip", feature: "NFC_VERIFICATION", config: { untrusted_csca: "in_review" } }],
      })
    ).id;
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const device of ["phone", "desktop"] as const) {
    test(`the screen links and shows a QR code to the session; the app's upload moves it on (${device})`, async () => {
      const session = await server.createSession({ workflow_id: workflow });
      const context = device === "phone" ? await newPhone(browser) : await newDesktop(browser);
      const page = await context.newPage();
      await page.goto(session.url);
      await page.getByRole("button", { name: "Start" }).click();
      await page.getByRole("heading", { name: "Continue in the app" }).waitFor();
      const link = page.getByRole("link", { name: "Open in the app" });
      assert.equal(await link.getAttribute("href"), session.url);
      await page.getByRole("img", { name: "QR code that opens this verification in the app" }).waitFor();
      await shot(page, `nfc-${device}-1-handoff`);

      await page.getByRole("button", { name: "I have finished in the app" }).click();
      await page.getByText("The app has not sent your passport chip yet.").waitFor();

      // The app: reads the state (as the session's own link gives it), posts the chip's files.
      const base = `${server.url}/flow-api/${session.token}`;
      const state = (await (await fetch(`${base}/state`)).json()) as { current_step: { node_id: string } };
      const csca = await issueCertificate({ commonName: "CSCA Test", ca: true });
      const ds = await issueCertificate({ commonName: "DS Test", issuer: csca });
      const portrait = await sharp(await readFile(`${FACES}img1.jpg`))
        .resize(300)
        .jpeg()
        .toBuffer();
      const groups = new Map([
        [1, dg1(MRZ)],
        [2, dg2(portrait)],
      ]);
      const posted = await fetch(`${base}/steps/${state.current_step.node_id}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          dg1: groups.get(1)!.toString("base64"),
          dg2: groups.get(2)!.toString("base64"),
          sod: (await securityObject(ds, groups)).toString("base64"),
        }),
      });
      assert.equal(posted.status, 200, await posted.text());

      await page.getByRole("button", { name: "I have finished in the app" }).click();
      await page.getByRole("heading", { name: "Ready to submit" }).waitFor();
      await context.close();
    });
  }

  test("the hand-off screen in Nepali", async () => {
    const session = await server.createSession({ workflow_id: workflow, locale: "ne" });
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(session.url);
    await page.locator("button.btn").first().click();
    await page.getByRole("heading", { name: "एपमा जारी राख्नुहोस्" }).waitFor();
    await page.getByRole("link", { name: "एपमा खोल्नुहोस्" }).waitFor();
    await shot(page, "nfc-phone-ne-handoff");
    await context.close();
  });
});
