// POST /console/api/login {email, password} → {token, expires_at} (12 h); any failure is the same 401.
import { z } from "zod";
import type { App } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { CONSOLE_TAGS } from "./console-schemas.js";
import { loginOperator } from "./login-operator.js";

const body = z.object({
  email: z.string().max(320).describe("The operator's email (case-insensitive)."),
  password: z.string().max(1024).describe("The operator's password."),
});

export function registerLoginRoute(app: App, services: Services): void {
  app.post(
    "/login",
    {
      schema: {
        summary: "Operator login",
        description:
          "A bearer token for the other console routes, valid 12 hours. Attempts per email are rate-limited.",
        tags: CONSOLE_TAGS,
        body,
        response: {
          200: z.object({
            token: z.string().describe("Send as `Authorization: Bearer <token>`."),
            expires_at: z.string().describe("UTC ISO 8601."),
          }),
        },
      },
    },
    async (request) => loginOperator(services, request.body),
  );
}
