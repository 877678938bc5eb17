// GET /console/api/notifications: the signed-in admin's notices: identity imports that finished (completed or
// failed) in the last 14 days and that this operator has not dismissed.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS } from "../console-schemas.js";
import { listImportNotices } from "./import-notices.js";

const importNotice = z.object({
  batch_id: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  status: z.enum(["completed", "failed"]),
  source_system: z.string(),
  total: z.number().int(),
  failed: z.number().int().describe("Rows that ended in error."),
  error: z.string().describe("Batch-level slug when the whole batch stopped."),
  finished_at: z.string(),
});

export function registerConsoleNotificationsRoute(app: App, services: Services): void {
  app.get(
    "/notifications",
    {
      schema: {
        summary: "Console notifications",
        description: "Finished identity imports are notified here only (spec: Events, delivery rule 5).",
        tags: CONSOLE_TAGS,
        response: { 200: z.object({ imports: z.array(importNotice) }) },
      },
    },
    async (request) => ({ imports: await listImportNotices(services.db, operatorOf(request).operatorId) }),
  );
}
