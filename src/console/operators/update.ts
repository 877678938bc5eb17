// Admins change an operator (audited; 404 for an unknown id; 409 `last_admin` when the console would be left
// without an active admin):
//   PUT  /console/api/operators/:operator_id/role {role}
//   POST /console/api/operators/:operator_id/deactivate | …/reactivate   (deactivating ends their sessions)
//   POST /console/api/operators/:operator_id/reset-password               → {temporary_password}
//   POST /console/api/operators/:operator_id/reset-totp                   (lost phone: password alone again)
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, okSchema } from "../console-schemas.js";
import {
  resetOperatorPassword,
  resetOperatorTotp,
  setOperatorActive,
  setOperatorRole,
} from "../operator-admin.js";
import { operatorParams, operatorRole, temporaryPassword } from "./operator-schemas.js";

export function registerConsoleUpdateOperatorRoutes(app: App, services: Services): void {
  app.put(
    "/operators/:operator_id/role",
    {
      schema: {
        summary: "Change an operator's role",
        tags: CONSOLE_TAGS,
        params: operatorParams,
        body: z.object({ role: operatorRole }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await setOperatorRole(services.db, request.params.operator_id, request.body.role, operatorOf(request));
      return { ok: true as const };
    },
  );
  for (const [verb, active] of [
    ["deactivate", false],
    ["reactivate", true],
  ] as const) {
    app.post(
      `/operators/:operator_id/${verb}`,
      {
        schema: {
          summary: active ? "Reactivate an operator" : "Deactivate an operator",
          tags: CONSOLE_TAGS,
          params: operatorParams,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await setOperatorActive(services.db, request.params.operator_id, active, operatorOf(request));
        return { ok: true as const };
      },
    );
  }
  app.post(
    "/operators/:operator_id/reset-password",
    {
      schema: {
        summary: "Reset an operator's password",
        tags: CONSOLE_TAGS,
        params: operatorParams,
        response: { 200: z.object({ temporary_password: temporaryPassword }) },
      },
    },
    async (request) => resetOperatorPassword(services.db, request.params.operator_id, operatorOf(request)),
  );
  app.post(
    "/operators/:operator_id/reset-totp",
    {
      schema: {
        summary: "Reset an operator's TOTP",
        tags: CONSOLE_TAGS,
        params: operatorParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await resetOperatorTotp(services.db, request.params.operator_id, operatorOf(request).actor);
      return { ok: true as const };
    },
  );
}
