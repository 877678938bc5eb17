// EMAIL_VERIFICATION and PHONE_VERIFICATION in a real browser: the code travels through a real SMTP server and
// a real signed SMS webhook receiver, and the test types what arrived. One test per screen: the email screen
// (phone and desktop), the phone screen with a number the applicant enters, changes and a resend after the
// countdown, and the Nepali phone screen.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import type { Browser, Page } from "playwright-core";
import { createWorkflow } from "../src/verify/workflows/workflows.js";
import { codeIn, type SmtpInbox, startSmtpInbox } from "../test/support/smtp-inbox.js";
import {
  startWebhookReceiver,
  verifyStripeStyle,
  type WebhookReceiver,
} from "../test/support/webhook-receiver.js";
import { launchBrowser, newDesktop, newPhone, shot } from "./support/browser.js";
import { type FlowServer, startFlowServer } from "./support/flow-server.js";

const SMS_SECRET = "e2e-sms-webhook-secret";

describe("contact verification screens", () => {
  let server: FlowServer;
  let browser: Browser;
  let inbox: SmtpInbox;
  let sms: WebhookReceiver;
  let emailWorkflow: string;
  let phoneWorkflow: string;

  before(async () => {
    inbox = await startSmtpInbox();
    sms = await startWebhookReceiver();
    server = await startFlowServer({
      SMTP_URL: inbox.url,
      SMTP_FROM: "verify@kyc.test",
      SMS_WEBHOOK_URL: sms.url,
      SMS_WEBHOOK_SECRET: SMS_SECRET,
    });
    browser = await launchBrowser();
    const make = async (name: string, feature: string, config: Record<string, unknown>) =>
      (
        await createWorkflow(server.services.db, server.tenant.tenant_id, {
          name,
          nodes: [{ id: "contact", feature, config }],
        })
      ).id;
    emailWorkflow = await make("Email", "EMAIL_VERIFICATION", {});
    phoneWorkflow = await make("Phone", "PHONE_VERIFICATION", { allow_applicant_input: true });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await inbox?.close();
    await sms?.close();
  });

  const lastSmsCode = () => {
    const hook = sms.received.at(-1)!;
    assert.ok(verifyStripeStyle(SMS_SECRET, String(hook.headers["x-sms-signature"]), hook.body));
    return { to: JSON.parse(hook.body).to as string, code: codeIn(JSON.parse(hook.body).body) };
  };
  const decision = async (sessionId: string) => {
    const response = await fetch(`${server.url}/v3/session/${sessionId}/`, {
      headers: server.tenant.headers,
    });
    return ((await response.json()) as { decision_v3: Record<string, Record<string, unknown>[]> })
      .decision_v3;
  };
  const finish = async (page: Page) => {
    await page.getByRole("heading", { name: "Ready to submit" }).waitFor();
    await page.getByRole("button", { name: "Submit verification" }).click();
    await page.getByRole("heading", { name: "Thank you" }).waitFor();
  };

  for (const device of ["phone", "desktop"] as const) {
    test(`the email screen sends a code, refuses a wrong one and verifies the right one (${device})`, async () => {
      const session = await server.createSession({
        workflow_id: emailWorkflow,
        contact_email: "sita@example.com",
      });
      const context = device === "phone" ? await newPhone(browser) : await newDesktop(browser);
      const page = await context.newPage();
      await page.goto(session.url);
      await page.getByRole("button", { name: "Start" }).click();
      await page.getByRole("heading", { name: "Verify your email address" }).waitFor();
      await page.getByText("We will send a 6-digit code to s•••@example.com.").waitFor();
      await shot(page, `contact-email-${device}-1-send`);

      const mails = inbox.mails.length;
      await page.getByRole("button", { name: "Send code" }).click();
      await page.getByRole("heading", { name: "Enter the code" }).waitFor();
      const code = codeIn((await inbox.waitFor(mails + 1)).subject);
      const field = page.getByLabel("6-digit code");
      assert.equal(await field.getAttribute("autocomplete"), "one-time-code");
      assert.equal(await field.getAttribute("inputmode"), "numeric");
      await page.getByText(/You can ask for a new code in 0:[0-3]\d\./).waitFor();
      await shot(page, `contact-email-${device}-2-code`);

      await field.fill(code === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "Verify" }).click();
      await page.getByText("That code is not right. Attempts left: 4.").waitFor();
      await shot(page, `contact-email-${device}-3-wrong`);
      // The resend countdown runs down on the page.
      await page.getByText(/You can ask for a new code in 0:2\d\./).waitFor();

      await field.fill(code);
      await page.getByRole("button", { name: "Verify" }).click();
      await finish(page);
      const [entry] = (await decision(session.id)).email_verifications!;
      assert.equal(entry!.verified, true);
      assert.equal(entry!.attempts, 2);
      await context.close();
    });
  }

  test("the phone screen takes a number, lets it be changed, and resends after the countdown", async () => {
    const session = await server.createSession({ workflow_id: phoneWorkflow });
    const context = await newPhone(browser);
    const page = await context.newPage();
    await page.goto(session.url);
    await page.getByRole("button", { name: "Start" }).click();
    await page.getByRole("heading", { name: "Verify your mobile number" }).waitFor();
    const number = page.getByLabel("Mobile number");
    assert.equal(await number.getAttribute("type"), "tel");
    await number.fill("98412");
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByText("Enter a valid mobile number.").waitFor();
    await shot(page, "contact-phone-phone-1-invalid");

    await number.fill("9841234567");
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByRole("heading", { name: "Enter the code" }).waitFor();
    await page.getByText("We texted a 6-digit code to +9779841234567.").waitFor();
    assert.equal(lastSmsCode().to, "+9779841234567");
    await shot(page, "contact-phone-phone-2-code");

    // Change the number: back to the entry field, whose Send waits out the resend delay like a resend.
    await page.getByRole("button", { name: "Use a different number" }).click();
    assert.equal(await page.getByRole("button", { name: "Send code" }).isDisabled(), true);
    await page.getByText(/You can ask for a new code in 0:[0-3]\d\./).waitFor();
    await shot(page, "contact-phone-phone-3-change");
    await server.services.db
      .updateTable("contact_codes")
      .set({ sent_at: sql`sent_at - interval '31 seconds'` })
      .where("session_id", "=", session.id)
      .execute();
    await page.reload();
    await page.getByRole("button", { name: "Start" }).click();
    await page.getByRole("button", { name: "Use a different number" }).click();
    await number.fill("+977 980-1234567");
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByText("We texted a 6-digit code to +9779801234567.").waitFor();
    const changed = lastSmsCode();
    assert.equal(changed.to, "+9779801234567");

    // The resend button appears once the countdown (server figure) reaches zero.
    await server.services.db
      .updateTable("contact_codes")
      .set({ sent_at: sql`sent_at - interval '31 seconds'` })
      .where("session_id", "=", session.id)
      .execute();
    await page.reload();
    await page.getByRole("button", { name: "Start" }).click();
    await page.getByRole("heading", { name: "Enter the code" }).waitFor();
    await shot(page, "contact-phone-phone-4-resend");
    const before = sms.received.length;
    await page.getByRole("button", { name: "Send a new code" }).click();
    await page.getByText(/You can ask for a new code in/).waitFor();
    assert.equal(sms.received.length, before + 1);
    const resent = lastSmsCode();
    assert.equal(resent.to, "+9779801234567");
    await page.getByLabel("6-digit code").fill(resent.code);
    await page.getByRole("button", { name: "Verify" }).click();
    await finish(page);
    const [entry] = (await decision(session.id)).phone_verifications!;
    assert.equal(entry!.phone, "+9779801234567");
    assert.equal(entry!.verified, true);
    await context.close();
  });

  test("the phone screen in Nepali, with an expired code", async () => {
    const session = await server.createSession({
      workflow_id: phoneWorkflow,
      contact_phone: "9851234567",
      locale: "ne",
    });
    const context = await newPhone(browser, { locale: "ne" });
    const page = await context.newPage();
    await page.goto(session.url);
    await page.locator(".actions .btn").first().click();
    await page.getByRole("heading", { name: "आफ्नो मोबाइल नम्बर प्रमाणित गर्नुहोस्" }).waitFor();
    await shot(page, "contact-phone-ne-1-send");
    await page.getByRole("button", { name: "कोड पठाउनुहोस्" }).click();
    await page.getByRole("heading", { name: "कोड लेख्नुहोस्" }).waitFor();
    const { code } = lastSmsCode();
    assert.match(JSON.parse(sms.received.at(-1)!.body).body, /प्रमाणीकरण कोड/);
    await shot(page, "contact-phone-ne-2-code");
    await server.services.db
      .updateTable("contact_codes")
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where("session_id", "=", session.id)
      .execute();
    await page.getByLabel("६ अङ्कको कोड").fill(code);
    await page.getByRole("button", { name: "प्रमाणित गर्नुहोस्" }).click();
    await page.getByText("यो कोडको म्याद सकियो। नयाँ कोड माग्नुहोस्।").waitFor();
    await shot(page, "contact-phone-ne-3-expired");
    await context.close();
  });
});
