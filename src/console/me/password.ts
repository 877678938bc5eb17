// POST /console/api/me/password: the signed-in operator changes their password (required after an admin
// issued a temporary one). The operator's other sessions end.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { operatorOf, operatorTokenOf } from "../console-auth.js";
import { CONSOLE_TAGS, okSchema } from "../console-schemas.js";
import { changeOwnPassword } from "../operator-account.js";

export function registerConsoleChangePasswordRoute(app: App, services: Services): void {
  app.post(
    "/me/password",
    {
      config: { consoleRole: "reviewer", consoleWhilePending: true },
      schema: {
        summary: "Change own password",
        description: "At least 10 characters. A wrong current password: 400 `current_password_wrong`.",
        tags: CONSOLE_TAGS,
        body: z.object({
          current_password: z.string().max(1024),
          new_password: z.string().max(1024),
        }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await changeOwnPassword(services.db, operatorOf(request), {
        ...request.body,
        keepToken: operatorTokenOf(request) ?? "",
      });
      return { ok: true as const };
    },
  );
}
