// An in-process app on a real database, with helpers to create tenants and call the API (style habit 10).
import type { LightMyRequestResponse } from "fastify";
import { createHttpApp } from "../../src/composition/http-app.js";
import type { App } from "../../src/platform/http/app.js";
import {
  type CreatedTenant,
  type CreateTenantInput,
  createTenant,
} from "../../src/platform/tenants/tenants.js";
import { createTestServices, type TestServices } from "./test-services.js";

export interface TestTenant extends CreatedTenant {
  /** Headers authenticating this tenant on the verify surface. */
  headers: Record<string, string>;
}

export interface TestApp {
  app: App;
  services: TestServices;
  tenant(input?: Partial<CreateTenantInput>): Promise<TestTenant>;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  extendApp?: (app: App, services: TestServices) => void | Promise<void>,
): Promise<TestApp> {
  const services = await createTestServices(env);
  const app = await createHttpApp(services, { logger: false });
  if (extendApp) await extendApp(app, services);
  await app.ready();
  let counter = 0;
  return {
    app,
    services,
    async tenant(input = {}) {
      counter += 1;
      const created = await createTenant(
        services.db,
        {
          name: `Tenant ${counter}`,
          credits: "100",
          ...input,
        },
        { hooks: services.hooks.tenantCreated },
      );
      return { ...created, headers: { "x-api-key": created.api_key } };
    },
    async close() {
      await app.close();
      await services.close();
    },
  };
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}
