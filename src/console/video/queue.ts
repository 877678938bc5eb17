// GET /console/api/video-calls: the open video calls of every tenant, oldest first (agents serve all
// tenants from one queue); `taken_by_me` marks the calls this operator took.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { listOpenCalls } from "../../verify/video/video-queue.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS } from "../console-schemas.js";

const entry = z.object({
  id: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  session_id: z.string(),
  vendor_data: z.string().nullable(),
  locale: z.string(),
  status: z.enum(["waiting", "ringing", "active"]),
  created_at: z.string(),
  taken: z.boolean().describe("An agent took the call (ringing or active)."),
  taken_by_me: z.boolean(),
});

export function registerConsoleVideoQueueRoute(app: App, services: Services): void {
  app.get(
    "/video-calls",
    {
      config: { consoleRole: "reviewer" },
      schema: {
        summary: "Open video calls (the agents' queue)",
        tags: CONSOLE_TAGS,
        response: { 200: z.array(entry) },
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const rows = await listOpenCalls(services.db);
      return rows.map((row) => ({
        id: row.id,
        tenant_id: row.tenant_id,
        tenant_name: row.tenant_name,
        session_id: row.session_id,
        vendor_data: row.vendor_data,
        locale: row.locale,
        status: row.status as "waiting" | "ringing" | "active",
        created_at: row.created_at.toISOString(),
        taken: row.operator_id !== null,
        taken_by_me: row.operator_id === operator.operatorId,
      }));
    },
  );
}
