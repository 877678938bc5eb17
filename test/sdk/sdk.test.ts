// packages/sdk against the real server: `npm run sdk:build` generates its types from this code's OpenAPI document
// and compiles it (a type error in the SDK or its example fails here); the built client then creates a test
// session, completes it in the sandbox, and verifyWebhook accepts the signed webhook the server sends —
// and refuses a tampered body, a wrong secret and an old timestamp.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { createApiKey } from "../../src/platform/tenants/api-keys.js";
import { setWebhookUrl } from "../../src/platform/tenants/tenants.js";
import { deliverWebhookEvent } from "../../src/webhooks/deliver-event.js";
import { ROOT } from "../support/kyc-process.js";
import { createTestApp, type TestApp, type TestTenant } from "../support/test-app.js";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";

/** The part of the built SDK this test calls (the SDK's own compile checks its full types). */
interface Sdk {
  createKycClient(options: { baseUrl: string; apiKey: string }): {
    POST(
      path: string,
      init: Record<string, unknown>,
    ): Promise<{ data?: Record<string, unknown>; error?: unknown; response: Response }>;
    GET(
      path: string,
      init: Record<string, unknown>,
    ): Promise<{ data?: Record<string, unknown>; error?: unknown; response: Response }>;
  };
  verifyWebhook(
    raw: string,
    header: string,
    secret: string,
    options?: { toleranceSeconds?: number; now?: number },
  ): Record<string, unknown>;
  WebhookVerificationError: new (...args: never[]) => Error & { reason: string };
}

describe("SDK against the real server", () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let tenant: TestTenant;
  let testKey: string;
  let baseUrl: string;
  let sdk: Sdk;

  before(async () => {
    const build = spawnSync("npm", ["run", "--silent", "sdk:build"], { cwd: ROOT, encoding: "utf8" });
    assert.equal(build.status, 0, `${build.stdout}\n${build.stderr}`);
    sdk = (await import(`${ROOT}packages/sdk/dist/src/index.js`)) as Sdk;
    t = await createTestApp({ ALLOW_PRIVATE_TARGETS: "true" });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    receiver = await startWebhookReceiver();
    tenant = await t.tenant();
    testKey = (await createApiKey(t.services.db, tenant.tenant_id, "sdk", { test: true })).api_key;
    await setWebhookUrl(t.services.db, tenant.tenant_id, receiver.url);
  });
  after(async () => {
    await receiver?.close();
    await t?.close();
  });

  test("create a test session, complete it, verify the webhook", async () => {
    const kyc = sdk.createKycClient({ baseUrl, apiKey: testKey });
    const created = await kyc.POST("/v3/session/", { body: { vendor_data: "sdk-user" } });
    assert.equal(created.response.status, 201, JSON.stringify(created.error));
    assert.equal(created.data!.test, true);
    const sessionId = String(created.data!.id);
    const completed = await kyc.POST("/v3/sandbox/session/{session_id}/complete/", {
      params: { path: { session_id: sessionId } },
      body: { outcome: "approved" },
    });
    assert.equal(completed.response.status, 200, JSON.stringify(completed.error));
    assert.equal(completed.data!.status, "approved");

    // A typed error body, not an exception: the live-only ledger refuses a test key.
    const refused = await kyc.GET("/v3/credits/ledger/", {});
    assert.equal(refused.response.status, 403);
    assert.ok(refused.error);

    const event = await t.services.db
      .selectFrom("webhook_events")
      .select("id")
      .where("session_id", "=", sessionId)
      .executeTakeFirstOrThrow();
    await deliverWebhookEvent(t.services, event.id);
    const hook = receiver.received.find((received) => received.headers["x-webhook-id"] === event.id)!;
    const header = String(hook.headers["x-webhook-signature"]);
    const payload = sdk.verifyWebhook(hook.body, header, tenant.webhook_signing_secret);
    assert.equal(payload.session_id, sessionId);
    assert.equal(payload.event_type, "identity.kyc.session.approved");
    assert.equal(payload.test, true);

    const reasonOf = (run: () => unknown): string => {
      try {
        run();
      } catch (error) {
        assert.ok(error instanceof sdk.WebhookVerificationError);
        return error.reason;
      }
      return "accepted";
    };
    assert.equal(
      reasonOf(() =>
        sdk.verifyWebhook(hook.body.replace("approved", "declined"), header, tenant.webhook_signing_secret),
      ),
      "signature_mismatch",
    );
    assert.equal(
      reasonOf(() => sdk.verifyWebhook(hook.body, header, "whsec_wrong")),
      "signature_mismatch",
    );
    assert.equal(
      reasonOf(() =>
        sdk.verifyWebhook(hook.body, header, tenant.webhook_signing_secret, { now: Date.now() + 301_000 }),
      ),
      "timestamp_out_of_tolerance",
    );
    assert.equal(
      reasonOf(() => sdk.verifyWebhook(hook.body, "", tenant.webhook_signing_secret)),
      "missing_signature",
    );
  });
});
