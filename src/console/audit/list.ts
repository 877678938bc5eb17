// GET /console/api/audit-log (admins): every audited change, newest first, filtered and paged.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { CONSOLE_TAGS, daySchema } from "../console-schemas.js";
import { listAuditLog } from "./list-audit-log.js";

const query = z.object({
  actor: z.string().max(400).optional().describe("`operator:<email>` or `system`; exact."),
  action: z
    .string()
    .max(100)
    .optional()
    .describe("An action or its prefix (`session` matches `session.review`)."),
  tenant_id: z.string().max(64).optional(),
  from: daySchema.optional().describe("YYYY-MM-DD (UTC), inclusive."),
  to: daySchema.optional().describe("YYYY-MM-DD (UTC), inclusive."),
  limit: z.coerce.number().int().min(1).max(200).default(50).describe("Default 50, max 200."),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

const entry = z.object({
  id: z.string(),
  created_at: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string().describe("What the action was about (a session, key, operator… id); may be empty."),
  tenant_id: z.string().nullable(),
  tenant_name: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});

export function registerConsoleAuditLogRoute(app: App, services: Services): void {
  app.get(
    "/audit-log",
    {
      schema: {
        summary: "Audit log",
        tags: CONSOLE_TAGS,
        querystring: query,
        response: { 200: z.object({ entries: z.array(entry), total: z.number().int() }) },
      },
    },
    async (request) => {
      const { actor, action, tenant_id, from, to, limit, offset } = request.query;
      return listAuditLog(services.db, { actor, action, tenantId: tenant_id, from, to, limit, offset });
    },
  );
}
