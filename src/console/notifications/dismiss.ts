// POST /console/api/notifications/imports/:batch_id/dismiss: hides one finished import's notice for the
// signed-in operator (other operators still see it).
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, okSchema } from "../console-schemas.js";
import { dismissImportNotice } from "./import-notices.js";

export function registerConsoleDismissImportNoticeRoute(app: App, services: Services): void {
  app.post(
    "/notifications/imports/:batch_id/dismiss",
    {
      schema: {
        summary: "Dismiss an import notification",
        tags: CONSOLE_TAGS,
        params: z.object({ batch_id: z.string().describe("The finished batch.") }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await dismissImportNotice(services.db, operatorOf(request).operatorId, request.params.batch_id);
      return { ok: true as const };
    },
  );
}
