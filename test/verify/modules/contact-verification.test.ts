// EMAIL_VERIFICATION and PHONE_VERIFICATION through the applicant API (design: OTP steps), with a real SMTP
// server and a real HTTP receiver for the SMS webhook, both in-process; the tests read the code out of what
// was delivered. Time is moved by backdating the code rows (the service reads the database clock).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import { parseWorkflowDefinition } from "../../../src/verify/workflows/parse-workflow.js";
import { createWorkflow } from "../../../src/verify/workflows/workflows.js";
import { codeIn, type SmtpInbox, startSmtpInbox } from "../../support/smtp-inbox.js";
import { createTestApp, type TestApp, type TestTenant } from "../../support/test-app.js";
import {
  startWebhookReceiver,
  verifyStripeStyle,
  type WebhookReceiver,
} from "../../support/webhook-receiver.js";
import { createSessionOver } from "../session-fixtures.js";

const SMS_SECRET = "sms-webhook-secret-for-tests";

describe("contact verification (email and phone OTP)", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let inbox: SmtpInbox;
  let sms: WebhookReceiver;
  const workflows: Record<string, string> = {};

  before(async () => {
    inbox = await startSmtpInbox();
    sms = await startWebhookReceiver();
    t = await createTestApp({
      SMTP_URL: inbox.url,
      SMTP_FROM: "Verify <verify@kyc.test>",
      SMS_WEBHOOK_URL: sms.url,
      SMS_WEBHOOK_SECRET: SMS_SECRET,
      ALLOW_PRIVATE_TARGETS: "true",
      RATE_LIMIT_APPLICANT_STEPS: "1000",
    });
    tenant = await t.tenant({ features: "all" });
    const make = async (name: string, feature: string, config: Record<string, unknown> = {}) => {
      workflows[name] = (
        await createWorkflow(t.services.db, tenant.tenant_id, {
          name,
          nodes: [{ id: "contact", feature, config }],
        })
      ).id;
    };
    await make("email", "EMAIL_VERIFICATION");
    await make("phone", "PHONE_VERIFICATION");
    await make("email_input", "EMAIL_VERIFICATION", { allow_applicant_input: true });
    await make("email_review", "EMAIL_VERIFICATION", { on_unverified: "in_review" });
    await make("phone_optional", "PHONE_VERIFICATION", { required: false });
  });

  after(async () => {
    await t.close();
    await inbox.close();
    await sms.close();
  });

  async function open(workflow: string, body: Record<string, unknown> = {}) {
    const session = await createSessionOver(t, tenant, { workflow_id: workflows[workflow], ...body });
    const state = await t.app.inject({ url: `/flow-api/${session.token}/state` });
    assert.equal(state.statusCode, 200, state.body);
    return session;
  }
  const step = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: `/flow-api/${token}/steps/contact`, payload });
  const state = async (token: string) => (await t.app.inject({ url: `/flow-api/${token}/state` })).json();
  const read = async (id: string) =>
    (await t.app.inject({ url: `/v3/session/${id}/`, headers: tenant.headers })).json();
  const backdate = (sessionId: string, column: "sent_at" | "expires_at", seconds: number) =>
    t.services.db
      .updateTable("contact_codes")
      .set({ [column]: sql`${sql.ref(column)} - make_interval(secs => ${seconds})` })
      .where("session_id", "=", sessionId)
      .execute();

  test("an emailed code verifies the address; the session waits for the applicant meanwhile", async () => {
    const session = await open("email", { contact_email: "sita@example.com" });
    const sent = await step(session.token, { action: "send" });
    assert.equal(sent.statusCode, 200, sent.body);
    assert.equal(sent.json().status, "awaiting_user");
    const config = sent.json().current_step.config;
    assert.equal(config.channel, "email");
    assert.equal(config.code_sent, true);
    assert.equal(config.destination, "s•••@example.com");
    assert.equal(config.resend_in_seconds > 25, true);
    const mail = await inbox.waitFor(inbox.mails.length || 1);
    assert.deepEqual(mail.to, ["sita@example.com"]);
    assert.equal(mail.from, "verify@kyc.test");
    const code = codeIn(mail.subject);
    assert.match(mail.text, new RegExp(`verification code is ${code}`));

    // Hashed at rest: the code never appears in the row.
    const row = await t.services.db
      .selectFrom("contact_codes")
      .selectAll()
      .where("session_id", "=", session.id)
      .executeTakeFirstOrThrow();
    assert.equal(JSON.stringify(row).includes(code), false);

    const wrong = await step(session.token, {
      action: "verify",
      code: code === "000000" ? "111111" : "000000",
    });
    assert.equal(wrong.statusCode, 422);
    assert.equal(wrong.json().detail, "invalid_code");
    assert.equal(wrong.json().attempts_left, 4);

    const verified = await step(session.token, { action: "verify", code });
    assert.equal(verified.statusCode, 200, verified.body);
    assert.equal(verified.json().status, "in_progress");
    assert.equal(verified.json().ready_to_finish, true);

    const finished = await t.app.inject({ method: "POST", url: `/flow-api/${session.token}/finish` });
    assert.equal(finished.json().status, "approved");
    const [entry] = (await read(session.id)).decision_v3.email_verifications;
    assert.equal(entry.email, "sita@example.com");
    assert.equal(entry.verified, true);
    assert.equal(entry.attempts, 2);
    assert.ok(Date.parse(entry.sent_at) <= Date.parse(entry.verified_at));
    assert.equal(entry.status, "approved");
    assert.equal(entry.data.verified, true);
  });

  test("the email is written in the applicant's language (Nepali)", async () => {
    const before = inbox.mails.length;
    const session = await open("email", { contact_email: "ram@example.com", locale: "ne" });
    assert.equal((await step(session.token, { action: "send" })).statusCode, 200);
    const mail = await inbox.waitFor(before + 1);
    assert.match(mail.subject, /प्रमाणीकरण कोड: \d{6}/);
    assert.match(mail.text, /१० मिनेटसम्म मान्य/);
  });

  test("a texted code goes to the E.164 number through the signed SMS webhook", async () => {
    const before = sms.received.length;
    const session = await open("phone", { contact_phone: "9841234567" });
    const sent = await step(session.token, { action: "send" });
    assert.equal(sent.statusCode, 200, sent.body);
    assert.equal(sent.json().current_step.config.destination, "+977•••••••567");
    const hook = sms.received[before]!;
    assert.ok(verifyStripeStyle(SMS_SECRET, String(hook.headers["x-sms-signature"]), hook.body));
    const message = JSON.parse(hook.body);
    assert.equal(message.to, "+9779841234567");
    const code = codeIn(message.body);
    assert.match(message.body, new RegExp(`#${code}$`));

    assert.equal((await step(session.token, { action: "verify", code })).statusCode, 200);
    await t.app.inject({ method: "POST", url: `/flow-api/${session.token}/finish` });
    const [entry] = (await read(session.id)).decision_v3.phone_verifications;
    assert.equal(entry.phone, "+9779841234567");
    assert.equal(entry.verified, true);
    assert.equal(entry.attempts, 1);
  });

  test("a code older than 10 minutes answers 422 code_expired", async () => {
    const session = await open("phone", { contact_phone: "+977 980 1234567" });
    const before = sms.received.length;
    await step(session.token, { action: "send" });
    const code = codeIn(JSON.parse(sms.received[before]!.body).body);
    await backdate(session.id, "expires_at", 601);
    const expired = await step(session.token, { action: "verify", code });
    assert.equal(expired.statusCode, 422);
    assert.equal(expired.json().detail, "code_expired");
    assert.equal((await state(session.token)).current_step.config.code_sent, false);
  });

  test("five wrong codes kill the code: too_many_attempts, even for the right one", async () => {
    const session = await open("email", { contact_email: "hari@example.com" });
    const before = inbox.mails.length;
    await step(session.token, { action: "send" });
    const code = codeIn((await inbox.waitFor(before + 1)).subject);
    const wrong = code === "999999" ? "888888" : "999999";
    for (let left = 4; left >= 1; left--) {
      const answer = await step(session.token, { action: "verify", code: wrong });
      assert.equal(answer.json().detail, "invalid_code");
      assert.equal(answer.json().attempts_left, left);
    }
    assert.equal(
      (await step(session.token, { action: "verify", code: wrong })).json().detail,
      "too_many_attempts",
    );
    const right = await step(session.token, { action: "verify", code });
    assert.equal(right.statusCode, 422);
    assert.equal(right.json().detail, "too_many_attempts");
  });

  test("two verifies racing are two attempts", async () => {
    const session = await open("email", { contact_email: "gita@example.com" });
    const before = inbox.mails.length;
    await step(session.token, { action: "send" });
    const code = codeIn((await inbox.waitFor(before + 1)).subject);
    const wrong = code === "123123" ? "321321" : "123123";
    const answers = await Promise.all(
      [1, 2, 3].map(() => step(session.token, { action: "verify", code: wrong })),
    );
    assert.deepEqual(answers.map((a) => a.json().attempts_left).sort(), [2, 3, 4]);
  });

  test("a resend waits 30 s, supersedes the old code, and at most 5 codes go out per hour", async () => {
    const session = await open("email", { contact_email: "maya@example.com" });
    const before = inbox.mails.length;
    await step(session.token, { action: "send" });
    const first = codeIn((await inbox.waitFor(before + 1)).subject);
    const soon = await step(session.token, { action: "send" });
    assert.equal(soon.statusCode, 429);
    assert.equal(soon.json().detail, "resend_too_soon");
    assert.ok(Number(soon.headers["retry-after"]) > 0 && Number(soon.headers["retry-after"]) <= 30);

    await backdate(session.id, "sent_at", 31);
    assert.equal((await step(session.token, { action: "send" })).statusCode, 200);
    const second = codeIn((await inbox.waitFor(before + 2)).subject);
    if (first !== second) {
      const old = await step(session.token, { action: "verify", code: first });
      assert.equal(old.json().detail, "invalid_code");
    }
    for (let sent = 3; sent <= 5; sent++) {
      await backdate(session.id, "sent_at", 31);
      assert.equal((await step(session.token, { action: "send" })).statusCode, 200);
    }
    await backdate(session.id, "sent_at", 31);
    const capped = await step(session.token, { action: "send" });
    assert.equal(capped.statusCode, 429);
    assert.equal(capped.json().detail, "send_limit_reached");
    assert.equal((await state(session.token)).current_step.config.sends_left, 0);
    assert.equal(inbox.mails.length, before + 5);
  });

  test("the applicant enters the address only where the node allows it", async () => {
    const fixed = await open("email", { contact_email: "fixed@example.com" });
    const refused = await step(fixed.token, { action: "send", email: "other@example.com" });
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().detail, "contact_not_editable");

    const free = await open("email_input");
    assert.equal((await step(free.token, { action: "send" })).json().detail, "contact_required");
    assert.equal(
      (await step(free.token, { action: "send", email: "not-an-address" })).json().detail,
      "invalid_email",
    );
    const before = inbox.mails.length;
    const sent = await step(free.token, { action: "send", email: "typed@example.com" });
    assert.equal(sent.statusCode, 200, sent.body);
    assert.equal(sent.json().current_step.config.destination, "typed@example.com");
    assert.deepEqual((await inbox.waitFor(before + 1)).to, ["typed@example.com"]);

    const none = await open("email");
    const missing = await step(none.token, { action: "send" });
    assert.equal(missing.statusCode, 422);
    assert.equal(missing.json().detail, "contact_missing");
  });

  test("a provider that refuses leaves nothing behind: 502 delivery_failed", async () => {
    const session = await open("phone", { contact_phone: "9801234567" });
    sms.respondWith(500);
    try {
      const failed = await step(session.token, { action: "send" });
      assert.equal(failed.statusCode, 502);
      assert.equal(failed.json().detail, "delivery_failed");
    } finally {
      sms.respondWith(200);
    }
    const rows = await t.services.db
      .selectFrom("contact_codes")
      .select("id")
      .where("session_id", "=", session.id)
      .execute();
    assert.equal(rows.length, 0);
    assert.equal((await state(session.token)).status, "in_progress");
    assert.equal((await step(session.token, { action: "send" })).statusCode, 200);
  });

  test("an optional node may be skipped; a required one only once locked out, deciding per on_unverified", async () => {
    const optional = await open("phone_optional", { contact_phone: "9812345678" });
    const skipped = await step(optional.token, { action: "skip" });
    assert.equal(skipped.statusCode, 200, skipped.body);
    await t.app.inject({ method: "POST", url: `/flow-api/${optional.token}/finish` });
    const optionalEntry = (await read(optional.id)).decision_v3.phone_verifications[0];
    assert.equal(optionalEntry.verified, false);
    assert.equal(optionalEntry.status, "approved");
    assert.deepEqual(optionalEntry.warnings, ["phone_not_verified"]);

    const required = await open("email_review", { contact_email: "lock@example.com" });
    assert.equal((await step(required.token, { action: "skip" })).json().detail, "skip_not_allowed");
    for (let sent = 1; sent <= 5; sent++) {
      assert.equal((await step(required.token, { action: "send" })).statusCode, 200);
      await backdate(required.id, "sent_at", 31);
    }
    assert.equal((await step(required.token, { action: "skip" })).json().detail, "skip_not_allowed");
    await backdate(required.id, "expires_at", 601);
    assert.equal((await state(required.token)).current_step.config.can_skip, true);
    assert.equal((await step(required.token, { action: "skip" })).statusCode, 200);
    const finished = await t.app.inject({ method: "POST", url: `/flow-api/${required.token}/finish` });
    assert.equal(finished.json().status, "in_review");
    const entry = (await read(required.id)).decision_v3.email_verifications[0];
    assert.equal(entry.verified, false);
    assert.equal(entry.verified_at, null);
  });

  test("finish is refused while a code is outstanding; bad bodies are named", async () => {
    const session = await open("email", { contact_email: "wait@example.com" });
    assert.equal((await step(session.token, {})).json().detail, "action_required");
    assert.equal(
      (await step(session.token, { action: "verify", code: "12ab56" })).json().detail,
      "code_required",
    );
    assert.equal(
      (await step(session.token, { action: "verify", code: "123456" })).json().detail,
      "code_not_sent",
    );
    await step(session.token, { action: "send" });
    const finish = await t.app.inject({ method: "POST", url: `/flow-api/${session.token}/finish` });
    assert.equal(finish.statusCode, 409);
    assert.equal(finish.json().detail, "steps_incomplete");
  });
});

describe("contact verification node config", () => {
  test("is validated when the workflow is saved: unknown keys and regions are refused", () => {
    const parse = (feature: string, config: Record<string, unknown>) =>
      parseWorkflowDefinition({ name: "x", nodes: [{ feature, config }] });
    assert.equal(
      parse("PHONE_VERIFICATION", { default_country: "in" }).nodes[0]!.config.default_country,
      "IN",
    );
    assert.throws(() => parse("PHONE_VERIFICATION", { default_country: "XX" }), /default_country/);
    assert.throws(() => parse("EMAIL_VERIFICATION", { default_country: "NP" }), /default_country/);
    assert.throws(() => parse("EMAIL_VERIFICATION", { on_unverified: "approved" }), /on_unverified/);
    assert.throws(() => parse("EMAIL_VERIFICATION", { requried: false }), /requried/);
  });
});

describe("contact verification without providers", () => {
  let t: TestApp;
  let tenant: TestTenant;

  before(async () => {
    t = await createTestApp();
    tenant = await t.tenant({ features: "all" });
  });
  after(() => t.close());

  for (const [feature, contact, detail] of [
    ["EMAIL_VERIFICATION", { contact_email: "a@example.com" }, "email_unavailable"],
    ["PHONE_VERIFICATION", { contact_phone: "9841234567" }, "sms_unavailable"],
  ] as const) {
    test(`${feature} answers 503 ${detail} and writes nothing`, async () => {
      const { id } = await createWorkflow(t.services.db, tenant.tenant_id, {
        name: feature,
        nodes: [{ id: "contact", feature, config: {} }],
      });
      const session = await createSessionOver(t, tenant, { workflow_id: id, ...contact });
      await t.app.inject({ url: `/flow-api/${session.token}/state` });
      const sent = await t.app.inject({
        method: "POST",
        url: `/flow-api/${session.token}/steps/contact`,
        payload: { action: "send" },
      });
      assert.equal(sent.statusCode, 503);
      assert.equal(sent.json().detail, detail);
      const rows = await t.services.db.selectFrom("contact_codes").select("id").execute();
      assert.equal(rows.length, 0);
      assert.equal(
        (await t.app.inject({ url: `/flow-api/${session.token}/state` })).json().status,
        "in_progress",
      );
    });
  }
});

describe("Twilio-compatible SMS adapter", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let api: WebhookReceiver;

  before(async () => {
    api = await startWebhookReceiver();
    t = await createTestApp({
      TWILIO_BASE_URL: new URL(api.url).origin,
      TWILIO_ACCOUNT_SID: "AC0123456789",
      TWILIO_AUTH_TOKEN: "token-xyz",
      TWILIO_FROM: "+15005550006",
      ALLOW_PRIVATE_TARGETS: "true",
    });
    tenant = await t.tenant({ features: "all" });
  });
  after(async () => {
    await t.close();
    await api.close();
  });

  test("posts To, From and Body with Basic auth to the Messages resource", async () => {
    const { id } = await createWorkflow(t.services.db, tenant.tenant_id, {
      name: "phone",
      nodes: [{ id: "contact", feature: "PHONE_VERIFICATION", config: {} }],
    });
    const session = await createSessionOver(t, tenant, { workflow_id: id, contact_phone: "9851234567" });
    await t.app.inject({ url: `/flow-api/${session.token}/state` });
    const sent = await t.app.inject({
      method: "POST",
      url: `/flow-api/${session.token}/steps/contact`,
      payload: { action: "send" },
    });
    assert.equal(sent.statusCode, 200, sent.body);
    const request = api.received[0]!;
    assert.equal(
      request.headers.authorization,
      `Basic ${Buffer.from("AC0123456789:token-xyz").toString("base64")}`,
    );
    const form = new URLSearchParams(request.body);
    assert.equal(form.get("To"), "+9779851234567");
    assert.equal(form.get("From"), "+15005550006");
    const code = codeIn(form.get("Body")!);
    const verified = await t.app.inject({
      method: "POST",
      url: `/flow-api/${session.token}/steps/contact`,
      payload: { action: "verify", code },
    });
    assert.equal(verified.statusCode, 200, verified.body);
  });
});
