// The real service in-process on a loopback port (FLOW_URL = PUBLIC_URL = that address), serving the built
// web app, plus a webhook receiver: what a browser test drives from a session URL to a signed webhook.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createHttpApp } from "../../src/composition/http-app.js";
import type { App } from "../../src/platform/http/app.js";
import { createTenant, setWebhookUrl } from "../../src/platform/tenants/tenants.js";
import { deliverWebhookEvent } from "../../src/webhooks/deliver-event.js";
import { freePort } from "../../test/support/kyc-process.js";
import { createTestServices, type TestServices } from "../../test/support/test-services.js";
import {
  startWebhookReceiver,
  verifyStripeStyle,
  type WebhookReceiver,
} from "../../test/support/webhook-receiver.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Builds web/dist when its sources changed; a lock makes parallel test files share one build. */
export function ensureWebBuilt(): void {
  const result = spawnSync("flock", ["/tmp/kyc-web-build.lock", process.execPath, "web/build-if-stale.mjs"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("web build failed");
}

export interface FlowServer {
  url: string;
  app: App;
  services: TestServices;
  tenant: {
    tenant_id: string;
    api_key: string;
    webhook_signing_secret: string;
    headers: Record<string, string>;
  };
  receiver: WebhookReceiver;
  createSession(body: Record<string, unknown>): Promise<{ id: string; url: string; token: string }>;
  /** Starts the session (GET state) and submits one step through the applicant API; throws unless 200. */
  submitStep(token: string, step: string, body: Record<string, unknown>): Promise<void>;
  /** The session as `/v3/session/{id}/` returns it to the tenant. */
  readSession<T>(id: string): Promise<T>;
  /** Delivers the session's webhook event now and checks its signature the way a receiver would. */
  deliverWebhook(sessionId: string): Promise<{ event_type: string; payload: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** `env` adds configuration (e.g. SMTP_URL and SMS_WEBHOOK_URL for the contact-verification screens). */
export async function startFlowServer(env: Record<string, string> = {}): Promise<FlowServer> {
  ensureWebBuilt();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const services = await createTestServices({
    FLOW_URL: url,
    PUBLIC_URL: url,
    ALLOW_PRIVATE_TARGETS: "true",
    ...env,
  });
  const app = await createHttpApp(services, { logger: false });
  await app.listen({ port, host: "127.0.0.1" });
  const created = await createTenant(
    services.db,
    { name: "E2E Tenant", credits: "1000", features: "all" },
    { hooks: services.hooks.tenantCreated },
  );
  const tenant = { ...created, headers: { "x-api-key": created.api_key } };
  const receiver = await startWebhookReceiver();
  await setWebhookUrl(services.db, tenant.tenant_id, receiver.url);

  return {
    url,
    app,
    services,
    tenant,
    receiver,
    async createSession(body) {
      const response = await fetch(`${url}/v3/session/`, {
        method: "POST",
        headers: { ...tenant.headers, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as { id: string; url: string };
      if (response.status !== 201)
        throw new Error(`session create ${response.status}: ${JSON.stringify(json)}`);
      return { ...json, token: json.url.split("/verify/")[1]! };
    },
    async submitStep(token, step, body) {
      await fetch(`${url}/flow-api/${token}/state`);
      const response = await fetch(`${url}/flow-api/${token}/steps/${step}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (response.status !== 200)
        throw new Error(`step ${step} ${response.status}: ${await response.text()}`);
    },
    async readSession<T>(id: string) {
      const response = await fetch(`${url}/v3/session/${id}/`, { headers: tenant.headers });
      if (response.status !== 200) throw new Error(`session read ${response.status}`);
      return (await response.json()) as T;
    },
    async deliverWebhook(sessionId) {
      const event = await services.db
        .selectFrom("webhook_events")
        .select(["id", "event_type"])
        .where("session_id", "=", sessionId)
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow();
      const outcome = await deliverWebhookEvent(services, event.id);
      if (outcome !== "delivered") throw new Error(`webhook ${outcome}`);
      const delivery = receiver.received.find((r) => r.headers["x-webhook-id"] === event.id);
      if (!delivery) throw new Error("webhook not received");
      const signature = String(delivery.headers["x-webhook-signature"]);
      if (!verifyStripeStyle(tenant.webhook_signing_secret, signature, delivery.body))
        throw new Error("webhook signature does not verify");
      return { event_type: event.event_type, payload: JSON.parse(delivery.body) };
    },
    async close() {
      await receiver.close();
      await app.close();
      await services.close();
    },
  };
}
