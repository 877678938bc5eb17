// Routes that take no API key: liveness of the process.
import { sql } from "kysely";
import type { App } from "./platform/http/app.js";
import type { Services } from "./services.js";

export function registerPublicRoutes(app: App, services: Services): void {
  app.get("/healthz", { schema: { hide: true } }, async () => {
    await sql`SELECT 1`.execute(services.db);
    return { ok: true, database: services.database.kind };
  });
}
