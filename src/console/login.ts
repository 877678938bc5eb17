// POST /console/api/login {email, password} → {token, expires_at} (12 h); any failure is the same 401.
import { z } from "zod";
import type { App } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { CONSOLE_TAGS } from "./console-schemas.js";
import { loginOperator } from "./login-operator.js";

const body = z.object({
  email: z.string().max(320).describe("The operator's email (case-insensitive)."),
  password: z.string().max(1024).describe("The operator's password."),
  totp_code: z
    .string()
    .max(16)
    .optional()
    .describe("The 6-digit code of an operator with two-factor authentication (else 401 `totp_required`)."),
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
