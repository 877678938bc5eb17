// Under {flow_url}/flow-api/<SESSION_TOKEN>/ (design: Applicant API): GET state, POST consent,
// POST steps/<node_id>, POST finish; on test sessions POST sandbox/complete (design: Sandbox).
import { z } from "zod";
import { AppError } from "../../platform/errors.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { completeSandboxSession } from "../sandbox/complete-sandbox-session.js";
import { SANDBOX_OUTCOMES } from "../sandbox/sandbox-outcome.js";
import { acceptTerms, applicantState, finishSession, submitStep } from "./applicant-flow.js";
import { sessionForCapture } from "./applicant-session.js";
import { errorResponses } from "./error-responses.js";
import { APPLICANT_ERRORS, STEP_ERRORS } from "./step-contract.js";

const {
  session_not_found,
  route_not_found,
  session_not_started,
  session_closed,
  consent_required,
  step_out_of_order,
  steps_incomplete,
  terms_version_mismatch,
  link_expired,
  invalid_json,
  payload_too_large,
  rate_limited,
  sandbox_only,
  internal,
} = APPLICANT_ERRORS;
const always = { session_not_found, link_expired, rate_limited, internal };
const input = { ...always, session_not_started, session_closed, invalid_json };

const stateSchema = z.object({
  status: z.string(),
  locale: z.string(),
  branding: z.record(z.string(), z.unknown()),
  consent: z
    .object({ terms_version: z.string().nullable(), accepted: z.boolean() })
    .describe("Versioned terms the applicant accepts (POST consent) before the first step."),
  steps: z.array(
    z.object({ node_id: z.string(), feature: z.string(), state: z.enum(["done", "current", "pending"]) }),
  ),
  current_step: z
    .object({ node_id: z.string(), feature: z.string(), config: z.record(z.string(), z.unknown()) })
    .nullable()
    .describe(
      "The step to capture now, with its server-side configuration (e.g. liveness method and challenge).",
    ),
  ready_to_finish: z.boolean(),
  finished: z.boolean(),
  test: z.boolean().describe("A sandbox session: the hosted page shows a Test mode banner."),
  redirect_url: z
    .string()
    .nullable()
    .describe("Advisory only; the webhook or a server read is authoritative."),
});
const tokenParams = z.object({ token: z.string() });

export function registerApplicantRoutes(app: App, services: Services): void {
  const tags = ["applicant"];
  app.get(
    "/flow-api/:token/state",
    {
      schema: {
        summary: "Applicant: current state and step",
        tags,
        params: tokenParams,
        response: { 200: stateSchema, ...errorResponses(always) },
      },
    },
    async (request) => applicantState(services, request.params.token, request.ip),
  );
  app.post(
    "/flow-api/:token/steps/:node_id",
    {
      schema: {
        summary: "Applicant: submit the captures of the current step",
        description:
          "Body depends on the step's feature: QUESTIONNAIRE {answers: {question_id: value}}; ID_VERIFICATION " +
          "{front_image, back_image?, source?, document_type?}; LIVENESS per method (see current_step.config): " +
          "PASSIVE {image, video}, PASSIVE_VIDEO {video}, challenge methods {challenge_id, frames[{image, t_ms}]}; " +
          "AML_SCREENING {full_name, date_of_birth?, nationality?}; images and clips as base64 or data: URIs. " +
          'EMAIL_VERIFICATION / PHONE_VERIFICATION take several calls: {action: "send"} (optionally with ' +
          "email | phone when current_step.config.can_change) sends a 6-digit code (valid 10 min, 5 attempts, " +
          "resend after 30 s, 5 per hour per session) and leaves the session awaiting_user; " +
          '{action: "verify", code: "NNNNNN"} completes the step; {action: "skip"} when config.can_skip. ' +
          "CONFIRM_DETAILS {fields: {field_id: corrected value}} (editable ids of current_step.config.fields only: " +
          "400 unknown_field, 422 field_not_editable, 400 invalid_<field_id>) or {confirm: true} (400 " +
          "fields_required without either). " +
          'PROOF_OF_ADDRESS {file: base64 or data: URI of a PDF, JPEG or PNG (8 MB), source?: "camera" | "upload"}, ' +
          "read at submit: 415 unsupported_file_type, 422 poa_unreadable, poa_too_many_pages, poa_pdf_encrypted, " +
          "poa_screenshot, poa_type_not_accepted. " +
          "NFC_VERIFICATION (posted by the native app that read the chip) {dg1, dg2, sod, dg14?, dg15?, " +
          "aa_signature?, challenge?}, each base64 of the chip file as read (at most 1 MB); aa_signature is the " +
          "chip's INTERNAL AUTHENTICATE answer to current_step.config.challenge (8 bytes, single use, 5 min) and " +
          "needs dg15 and challenge (400 <file>_required, 400 invalid_<file>, 400 challenge_required, 422 " +
          "challenge_invalid); the hosted page shows current_step.config.handoff_url as a link and QR code. " +
          'VIDEO_CALL {action: "join"} queues for an agent (the session is awaiting_user; current_step.config ' +
          "gives call_id, status, position, expected_wait_seconds, ice_servers and socket_path, the WebSocket " +
          'the call is signalled over); {action: "leave"} abandons the open call (the step stays current). The ' +
          "agent's verdict completes the step. " +
          "Refusals answer {detail: <code>, message}; the codes per status are listed below.",
        tags,
        params: z.object({ token: z.string(), node_id: z.string() }),
        body: z.record(z.string(), z.unknown()),
        response: {
          200: stateSchema,
          ...errorResponses(
            input,
            { consent_required, step_out_of_order, route_not_found, payload_too_large },
            ...Object.values(STEP_ERRORS),
          ),
        },
      },
    },
    async (request) => submitStep(services, request.params.token, request.params.node_id, request.body),
  );
  app.post(
    "/flow-api/:token/consent",
    {
      schema: {
        summary: "Applicant: accept the versioned terms shown",
        tags,
        params: tokenParams,
        body: z.object({ terms_version: z.string().min(1).max(64) }),
        response: { 200: stateSchema, ...errorResponses(input, { terms_version_mismatch }) },
      },
    },
    async (request) => acceptTerms(services, request.params.token, request.body.terms_version),
  );
  app.post(
    "/flow-api/:token/finish",
    {
      schema: {
        summary: "Applicant: finish and decide",
        tags,
        params: tokenParams,
        response: { 200: stateSchema, ...errorResponses(input, { steps_incomplete }) },
      },
    },
    async (request) => finishSession(services, request.params.token, request.ip),
  );
  app.post(
    "/flow-api/:token/sandbox/complete",
    {
      schema: {
        summary: "Applicant: finish a test session with a chosen outcome",
        description:
          "Test sessions only (the page's Test mode buttons): the same completion as POST " +
          "/v3/sandbox/session/{id}/complete/ — sample evidence, decision_v3, state moves and signed webhooks. " +
          "A live session answers 403 sandbox_only; a finished one 409 session_closed.",
        tags,
        params: tokenParams,
        body: z.object({ outcome: z.enum(SANDBOX_OUTCOMES) }),
        response: { 200: stateSchema, ...errorResponses(input, { sandbox_only }) },
      },
    },
    async (request) => {
      const session = await sessionForCapture(services, request.params.token);
      if (!session.test)
        throw new AppError("forbidden", { detail: "sandbox_only", message: sandbox_only.message });
      await completeSandboxSession(services, {
        tenantId: session.tenant_id,
        sessionId: session.id,
        outcome: request.body.outcome,
      });
      return applicantState(services, request.params.token);
    },
  );
}
