// GET /healthz: the process answers and its database does (for load balancers and orchestrators).
import { sql } from "kysely";
import type { DatabaseHandle } from "../db/database.js";
import type { App } from "./app.js";

export function registerHealthRoute(app: App, database: DatabaseHandle): void {
  app.get("/healthz", { schema: { hide: true } }, async () => {
    await sql`SELECT 1`.execute(database.db);
    return { ok: true, database: database.kind };
  });
}
