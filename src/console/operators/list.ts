// GET /console/api/operators (admins): every operator with role, state, TOTP and last sign-in.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { CONSOLE_TAGS } from "../console-schemas.js";
import { listOperators } from "../operator-admin.js";
import { operatorRole } from "./operator-schemas.js";

const summary = z.object({
  operator_id: z.string(),
  email: z.string(),
  role: operatorRole,
  active: z.boolean(),
  totp_enabled: z.boolean(),
  must_change_password: z.boolean(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  disabled_at: z.string().nullable(),
});

export function registerConsoleListOperatorsRoute(app: App, services: Services): void {
  app.get(
    "/operators",
    { schema: { summary: "List operators", tags: CONSOLE_TAGS, response: { 200: z.array(summary) } } },
    async () => listOperators(services.db),
  );
}
