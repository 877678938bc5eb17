// The partner application's applicant API under {flow_url}/flow-api/s/<SESSION_TOKEN>/ (authorised by the
// hosted-URL token): GET state (form fields and prefill), POST form (answers; hands off to verification).
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { hostedApplicationState, submitFormAndHandOff } from "./hand-off.js";

const tokenParams = z.object({ token: z.string() });

export function registerHostedApplicationRoutes(app: App, services: Services): void {
  const tags = ["applicant"];
  app.get(
    "/flow-api/s/:token/state",
    {
      schema: {
        summary: "Partner application: the form to fill",
        tags,
        params: tokenParams,
        response: {
          200: z.object({
            status: z.string(),
            fields: z
              .array(z.string())
              .describe("phone, email, identifier, full_name — as the flow collects"),
            prefill: z.record(z.string(), z.string()),
            expired: z.boolean(),
          }),
        },
      },
    },
    async (request) => hostedApplicationState(services, request.params.token),
  );
  app.post(
    "/flow-api/s/:token/form",
    {
      schema: {
        summary: "Partner application: submit the form and continue to verification",
        tags,
        params: tokenParams,
        body: z.record(z.string(), z.unknown()),
        response: {
          200: z.object({
            status: z
              .string()
              .describe("sdk_redirected, or kyc_failed / manual_review after a risk-list match"),
            verification: z
              .object({ url: z.string(), token: z.string() })
              .nullable()
              .describe("Continue at this verification session (applicant API /flow-api/<token>/)."),
          }),
        },
      },
    },
    async (request) => submitFormAndHandOff(services, request.params.token, request.body),
  );
}
