// POST /console/api/me/totp/enrol and …/confirm: the signed-in operator turns on TOTP (any role; open while
// an enrolment is pending, so an operator made to enrol can do it). Confirmation is audited.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { auditedChange } from "../audited-change.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, okSchema } from "../console-schemas.js";
import { confirmTotpEnrolment, startTotpEnrolment } from "../totp/operator-totp.js";

const own = { consoleRole: "reviewer", consoleWhilePending: true } as const;

export function registerConsoleTotpRoutes(app: App, services: Services): void {
  app.post(
    "/me/totp/enrol",
    {
      config: own,
      schema: {
        summary: "Start TOTP enrolment",
        description:
          "A fresh secret for the operator's authenticator app, as an otpauth URI and its QR code (SVG). " +
          "Nothing changes until it is confirmed; 409 `totp_already_enabled` when TOTP is on.",
        tags: CONSOLE_TAGS,
        response: {
          200: z.object({
            secret: z.string().describe("Base32, for typing into the app by hand."),
            otpauth_uri: z.string(),
            qr_svg: z.string().describe("The otpauth URI as an SVG QR code."),
          }),
        },
      },
    },
    async (request) => startTotpEnrolment(services.db, operatorOf(request)),
  );

  app.post(
    "/me/totp/confirm",
    {
      config: own,
      schema: {
        summary: "Confirm TOTP enrolment",
        description:
          "A current code from the app turns TOTP on: later sign-ins need a code. Wrong code: 400 `totp_invalid`.",
        tags: CONSOLE_TAGS,
        body: z.object({ code: z.string().max(16).describe("The 6-digit code the app shows.") }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      await auditedChange(
        services,
        operator,
        { tenantId: null, action: "operator.totp_enable", target: operator.operatorId },
        (tx) => confirmTotpEnrolment(tx, operator.operatorId, request.body.code),
      );
      return { ok: true as const };
    },
  );
}
