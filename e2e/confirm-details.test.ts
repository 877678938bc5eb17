// CONFIRM_DETAILS in a real browser. The document step is done through the applicant API with a generated
// passport or Nepali citizenship certificate (the camera screen has its own e2e); the page then opens on the
// confirm screen, where the applicant corrects an editable value or confirms as read.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { createWorkflow } from "../src/verify/workflows/workflows.js";
import { drawCitizenship } from "../test/specimens/documents/citizenship.js";
import { drawPassport } from "../test/specimens/documents/passport.js";
import { createRandom } from "../test/specimens/seeded-random.js";
import { launchBrowser, newDesktop, newPhone, shot } from "./support/browser.js";
import { type FlowServer, startFlowServer } from "./support/flow-server.js";

const FACES = new URL("../../shared/data/faces/deepface/", import.meta.url).pathname;

describe("confirm details screen", () => {
  let server: FlowServer;
  let browser: Browser;
  let workflow: string;
  let passport: string;
  let citizenship: string;

  before(async () => {
    server = await startFlowServer();
    browser = await launchBrowser();
    workflow = (
      await createWorkflow(server.services.db, server.tenant.tenant_id, {
        name: "Confirm details",
        nodes: [
          { id: "document", feature: "ID_VERIFICATION", config: {} },
          { id: "confirm", feature: "CONFIRM_DETAILS", config: {} },
        ],
      })
    ).id;
    passport = (
      await (await drawPassport(createRandom(2), `${FACES}img2.jpg`, 2, {})).canvas.toPng()
    ).toString("base64");
    citizenship = (
      await (await drawCitizenship(createRandom(7), `${FACES}img2.jpg`, 7)).canvas.toPng()
    ).toString("base64");
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A session whose document step was submitted through the applicant API. */
  async function documentDone(image: string, locale = "en") {
    const session = await server.createSession({ workflow_id: workflow, locale });
    await server.submitStep(session.token, "document", { front_image: image });
    return session;
  }
  const entry = async (sessionId: string) => {
    const read = await server.readSession<{
      status: string;
      decision_v3: { confirm_details: { status: string; data: Record<string, unknown> }[] };
    }>(sessionId);
    return { status: read.status, node: read.decision_v3.confirm_details[0]! };
  };
  const finish = async (page: Page) => {
    await page.getByRole("heading", { name: "Ready to submit" }).waitFor();
    await page.getByRole("button", { name: "Submit verification" }).click();
    await page.getByRole("heading", { name: "Thank you" }).waitFor();
  };

  for (const device of ["phone", "desktop"] as const) {
    test(`the passport's values are listed; a corrected surname sends the session to review (${device})`, async () => {
      const session = await documentDone(passport);
      const context = device === "phone" ? await newPhone(browser) : await newDesktop(browser);
      const page = await context.newPage();
      await page.goto(session.url);
      // A step is already done: the page resumes on the current one, without the intro.
      await page.getByRole("heading", { name: "Check the details from your document" }).waitFor();
      const surname = page.getByLabel("Surname");
      const read = await surname.inputValue();
      assert.ok(read.length > 0);
      assert.equal(await page.getByLabel("Date of birth").getAttribute("type"), "date");
      // Read-only values are text, not inputs.
      await page.locator("dl.details dt", { hasText: "Document number" }).waitFor();
      assert.equal(await page.getByRole("textbox", { name: "Document number" }).count(), 0);
      await shot(page, `confirm-details-${device}-1-read`);

      await surname.fill("   ");
      await page.getByRole("button", { name: "Confirm" }).click();
      await page.getByText("Please fill in this field (at most 300 characters).").waitFor();
      await surname.fill(`${read}SON`);
      // Typing clears the field's message.
      assert.equal(await page.getByText("Please fill in this field (at most 300 characters).").count(), 0);
      await shot(page, `confirm-details-${device}-2-corrected`);
      await page.getByRole("button", { name: "Confirm" }).click();
      await finish(page);
      const { status, node } = await entry(session.id);
      assert.equal(node.status, "in_review");
      assert.deepEqual(node.data.changed, ["surname"]);
      assert.equal((node.data.confirmed as Record<string, string>).surname, `${read}SON`);
      assert.equal(status, "in_review");
      await context.close();
    });
  }

  test("in Nepali, a citizenship certificate shows Devanagari and Latin; confirming as read approves", async () => {
    const session = await documentDone(citizenship, "ne");
    const context = await newPhone(browser, { locale: "ne" });
    const page = await context.newPage();
    await page.goto(session.url);
    await page.getByRole("heading", { name: "तपाईंको कागजातबाट पढिएका विवरण जाँच्नुहोस्" }).waitFor();
    const name = page.getByLabel("पूरा नाम", { exact: true });
    assert.match(await name.inputValue(), /[\u0900-\u097F]/);
    assert.match(await page.getByLabel("पूरा नाम (अङ्ग्रेजी अक्षरमा)").inputValue(), /^[A-Za-z ]+$/);
    await shot(page, "confirm-details-ne-1-read");
    await page.getByRole("button", { name: "पुष्टि गर्नुहोस्" }).click();
    await page.getByRole("heading", { name: "पेस गर्न तयार" }).waitFor();
    await page.getByRole("button", { name: "प्रमाणीकरण पेस गर्नुहोस्" }).click();
    await page.getByRole("heading", { name: "धन्यवाद" }).waitFor();
    const { node } = await entry(session.id);
    assert.deepEqual(node.data.changed, []);
    assert.equal(node.status, "approved");
    assert.match(String((node.data.original as Record<string, string>).full_name), /[\u0900-\u097F]/);
    await context.close();
  });
});
