// POST /console/api/operators {email, role} (admins): invites an operator with a temporary password shown in
// this answer only; they choose their own at the first sign-in. Audited as operator.create.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS } from "../console-schemas.js";
import { inviteOperator } from "../operator-admin.js";
import { operatorRole, temporaryPassword } from "./operator-schemas.js";

export function registerConsoleCreateOperatorRoute(app: App, services: Services): void {
  app.post(
    "/operators",
    {
      schema: {
        summary: "Invite an operator",
        description: "409 when the email is taken.",
        tags: CONSOLE_TAGS,
        body: z.object({ email: z.string().max(320), role: operatorRole }),
        response: {
          201: z.object({
            operator_id: z.string(),
            email: z.string(),
            role: operatorRole,
            temporary_password: temporaryPassword,
          }),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await inviteOperator(services.db, request.body, operatorOf(request))),
  );
}
