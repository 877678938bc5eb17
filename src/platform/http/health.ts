// GET /healthz: the process answers and its database does (for load balancers and orchestrators), plus
// sections the composition root adds (the AML lists' ages).
import { sql } from "kysely";
import type { DatabaseHandle } from "../db/database.js";
import type { App } from "./app.js";

/** Extra sections the composition root adds (e.g. `aml`: per-list age); each must answer quickly. */
export type HealthSections = () => Promise<Record<string, unknown>>;

export function registerHealthRoute(app: App, database: DatabaseHandle, sections?: HealthSections): void {
  app.get("/healthz", { schema: { hide: true } }, async () => {
    await sql`SELECT 1`.execute(database.db);
    return { ok: true, database: database.kind, ...(sections ? await sections() : {}) };
  });
}
