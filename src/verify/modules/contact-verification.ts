// EMAIL_VERIFICATION and PHONE_VERIFICATION (design: OTP steps). The applicant's step takes several calls:
// {action: "send"} mails or texts a 6-digit code and leaves the session awaiting_user; {action: "verify",
// code} completes the step and gives the session back (in_progress); {action: "skip"} moves on unverified
// when the node is optional or no code can be sent or entered any more. Node config:
//   required (default true)       an unverified contact decides the node as `on_unverified`
//   on_unverified (declined)      declined | in_review
//   allow_applicant_input (false) the applicant may send {email | phone} to verify another address
//   default_country (NP)          phone: the region national numbers are read in
// decision_v3 entries (email_verifications / phone_verifications) carry {email | phone, verified, attempts,
// sent_at, verified_at} at their top level and in `data`, beside node_id, status, score, warnings.
import { z } from "zod";
import type { EmailSender, SmsSender } from "../../engines/messaging/messaging.js";
import type { Tx } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { loadSessionBranding } from "../applicant/branding.js";
import type { ContactCodeConfig } from "../applicant/step-contract.js";
import { codeEmail, codeSms } from "../contact/code-messages.js";
import {
  type CodeScope,
  checkCode,
  codeSummary,
  confirmDelivery,
  discardCode,
  latestCode,
  MAX_ATTEMPTS,
  markVerified,
  reserveCode,
  retireCodes,
  SENDS_PER_HOUR,
  sendsLastHour,
} from "../contact/contact-codes.js";
import { chooseDestination, maskDestination, normaliseDestination } from "../contact/contact-destination.js";
import type { ContactChannel } from "../contact/contact-tables.js";
import { CODE_DIGITS, CODE_PATTERN } from "../contact/otp-code.js";
import { DEFAULT_PHONE_REGION, isSupportedRegion } from "../contact/phone-number.js";
import { transitionSession } from "../sessions/transition-session.js";
import type { ModuleContext, NodeStatus, StepResponse, WorkflowModule } from "./module.js";

const emailConfigSchema = z.strictObject({
  required: z.boolean().default(true),
  on_unverified: z.enum(["declined", "in_review"]).default("declined"),
  allow_applicant_input: z.boolean().default(false),
});
const phoneConfigSchema = emailConfigSchema.extend({
  default_country: z
    .string()
    .transform((value) => value.toUpperCase())
    .refine(isSupportedRegion, "is not a region libphonenumber knows")
    .default(DEFAULT_PHONE_REGION),
});
type ContactConfig = z.infer<typeof phoneConfigSchema>;

function configOf(context: ModuleContext): ContactConfig {
  // Email nodes have no region; their numbers are never read, so the phone default stands in.
  return phoneConfigSchema.parse(context.node.config);
}

function scopeOf(context: ModuleContext): CodeScope {
  return { tenantId: context.session.tenant_id, sessionId: context.session.id, nodeId: context.node.id };
}

/** Moves the session between in_progress and awaiting_user, when it is not there already. */
async function moveSession(
  tx: Tx,
  context: ModuleContext,
  to: "awaiting_user" | "in_progress",
): Promise<void> {
  const row = await tx
    .selectFrom("sessions")
    .select("status")
    .where("id", "=", context.session.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const from = to === "awaiting_user" ? "in_progress" : "awaiting_user";
  if (row.status !== from) return;
  await transitionSession(
    tx,
    {
      tenantId: context.session.tenant_id,
      sessionId: context.session.id,
      to,
      listeners: context.services.hooks.sessionStatusChanged,
    },
    { actor: "applicant" },
  );
}

function contactModule(feature: "EMAIL_VERIFICATION" | "PHONE_VERIFICATION"): WorkflowModule {
  const channel: ContactChannel = feature === "EMAIL_VERIFICATION" ? "email" : "phone";
  const sessionContact = (context: ModuleContext) =>
    channel === "email" ? context.session.contact_email : context.session.contact_phone;

  /** The outstanding code (if any) and how many sends this hour leaves, read once per request. */
  async function codeState(context: ModuleContext) {
    const live = await latestCode(context.db, scopeOf(context));
    const sendsLeft = Math.max(0, SENDS_PER_HOUR - (await sendsLastHour(context.db, context.session.id)));
    const usable = live !== null && !live.expired && live.attempts < MAX_ATTEMPTS;
    return { live, sendsLeft, usable };
  }

  /**
   * A required contact can be given up only when nothing more can be done this hour: no code can be sent and
   * none can be entered; the decision then records it as `on_unverified`.
   */
  function canSkip(config: ContactConfig, state: { usable: boolean; sendsLeft: number }): boolean {
    return !config.required || (!state.usable && state.sendsLeft === 0);
  }

  async function send(context: ModuleContext, config: ContactConfig, body: Record<string, unknown>) {
    const sender: EmailSender | SmsSender | null =
      channel === "email" ? context.services.messaging.email : context.services.messaging.sms;
    const scope = scopeOf(context);
    const previous = await latestCode(context.db, scope);
    const destination = chooseDestination({
      channel,
      entered: body[channel],
      allowInput: config.allow_applicant_input,
      region: config.default_country,
      previous: previous?.destination ?? null,
      sessionContact: sessionContact(context),
    });
    if (!sender) {
      throw new AppError("engine_unavailable", {
        detail: `${channel === "email" ? "email" : "sms"}_unavailable`,
        message: `No ${channel === "email" ? "email" : "SMS"} provider is configured; the code cannot be sent.`,
      });
    }
    const reserved = await reserveCode(context.db, scope, channel, destination);
    try {
      const brand = await brandOf(context);
      const locale = context.session.locale;
      if (channel === "email") {
        await (sender as EmailSender).send(
          codeEmail({ to: destination, code: reserved.code, locale, brand }),
        );
      } else {
        const flowHost = new URL(context.services.config.flowUrl).host;
        await (sender as SmsSender).send({
          to: destination,
          body: codeSms({ code: reserved.code, locale, brand, flowHost }),
        });
      }
    } catch (error) {
      await discardCode(context.db, reserved.id);
      throw error;
    }
    return {
      captures: null,
      event: "code_sent",
      async commit(tx: Tx) {
        // A verify of the previous code may have completed the step while this one was being delivered.
        const node = await tx
          .selectFrom("session_nodes")
          .select("state")
          .where("session_id", "=", context.session.id)
          .where("node_id", "=", context.node.id)
          .forUpdate()
          .executeTakeFirst();
        if (node?.state !== "pending") {
          throw new AppError("step_out_of_order", { message: "This step is already complete." });
        }
        await confirmDelivery(tx, scope, reserved.id);
        await moveSession(tx, context, "awaiting_user");
      },
    } satisfies StepResponse;
  }

  async function verify(context: ModuleContext, body: Record<string, unknown>): Promise<StepResponse> {
    const code = typeof body.code === "string" ? body.code.trim() : "";
    if (!CODE_PATTERN.test(code)) {
      throw new AppError("validation_failed", {
        field: "code",
        detail: "code_required",
        message: "Send the 6-digit code received as `code`.",
      });
    }
    const checked = await checkCode(context.db, scopeOf(context), code);
    if (!checked.ok) throw checked.error;
    return {
      captures: { channel, verified: true },
      event: "verified",
      async commit(tx) {
        if (!(await markVerified(tx, checked.id))) {
          throw new AppError("step_out_of_order", { message: "This code was already used." });
        }
        await moveSession(tx, context, "in_progress");
      },
    };
  }

  async function skip(context: ModuleContext, config: ContactConfig): Promise<StepResponse> {
    if (!canSkip(config, await codeState(context))) {
      throw new AppError("conflict", {
        detail: "skip_not_allowed",
        message: "This step must be verified while a code can still be sent.",
      });
    }
    return {
      captures: { channel, verified: false, skipped: true },
      event: "skipped",
      async commit(tx) {
        await retireCodes(tx, scopeOf(context));
        await moveSession(tx, context, "in_progress");
      },
    };
  }

  return {
    features: [feature],
    decisionArray: channel === "email" ? "email_verifications" : "phone_verifications",
    parseConfig(config) {
      const schema = channel === "email" ? emailConfigSchema : phoneConfigSchema;
      const parsed = schema.safeParse(config ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new AppError("invalid_workflow", {
          message: `${feature}: ${issue.path.join(".")} ${issue.message}`.trim(),
        });
      }
      return parsed.data;
    },
    entitlements: () => [feature],
    step: {
      async describe(context): Promise<ContactCodeConfig> {
        const config = configOf(context);
        const state = await codeState(context);
        const { live, sendsLeft, usable } = state;
        const onFile = normalisedOnFile(context, config);
        const destination = live?.destination ?? onFile;
        return {
          channel,
          destination: destination
            ? destination === onFile
              ? maskDestination(channel, destination)
              : destination
            : null,
          can_change: config.allow_applicant_input,
          code_sent: usable,
          code_length: CODE_DIGITS,
          expires_in_seconds: usable && live ? live.expires_in : null,
          resend_in_seconds: sendsLeft === 0 ? null : (live?.resend_wait ?? 0),
          attempts_left: live ? Math.max(0, MAX_ATTEMPTS - live.attempts) : null,
          sends_left: sendsLeft,
          can_skip: canSkip(config, state),
          ...(channel === "phone" ? { default_country: config.default_country } : {}),
        };
      },
      async respond(context, raw) {
        const body = (raw ?? {}) as Record<string, unknown>;
        const config = configOf(context);
        switch (body.action) {
          case "send":
            return send(context, config, body);
          case "verify":
            return verify(context, body);
          case "skip":
            return skip(context, config);
          default:
            throw new AppError("validation_failed", {
              field: "action",
              detail: "action_required",
              message: 'Send {action: "send"}, {action: "verify", code} or {action: "skip"}.',
            });
        }
      },
    },
    async evaluate(context) {
      const config = configOf(context);
      const summary = await codeSummary(context.db, scopeOf(context));
      const verified = context.captures.verified === true && summary.verified_at !== null;
      const entry = {
        [channel]: summary.destination,
        verified,
        attempts: summary.attempts,
        sent_at: summary.sent_at,
        verified_at: verified ? summary.verified_at : null,
      };
      const warnings = verified ? [] : [`${channel}_not_verified`];
      const status: NodeStatus = verified || !config.required ? "approved" : config.on_unverified;
      // The entry's fields sit at the top level (the documented shape) and in `data` (like every module).
      return { result: Object.assign({ status, score: null, warnings, data: entry }, entry) };
    },
  };

  function normalisedOnFile(context: ModuleContext, config: ContactConfig): string | null {
    const raw = sessionContact(context);
    return raw ? normaliseDestination(channel, raw, config.default_country) : null;
  }
}

async function brandOf(context: ModuleContext): Promise<string> {
  const session = await context.db
    .selectFrom("sessions")
    .select("workflow_id")
    .where("id", "=", context.session.id)
    .executeTakeFirstOrThrow();
  const branding = await loadSessionBranding(context.db, context.session.tenant_id, session.workflow_id);
  return typeof branding.company_name === "string" ? branding.company_name : "";
}

export const emailVerificationModule = contactModule("EMAIL_VERIFICATION");
export const phoneVerificationModule = contactModule("PHONE_VERIFICATION");
