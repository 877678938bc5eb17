// design: Applicant API — the server decides the order and strictness; a request for any step but the current
// one is refused; finishing runs the decision; the callback redirect is advisory only.
import { sql } from "kysely";
import { withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import type { Services } from "../../services.js";
import { decideSession } from "../decision/decide-session.js";
import { loadNodeStates, moduleContext, type SessionNodeState } from "../decision/node-states.js";
import { moduleFor } from "../modules/registry.js";
import type { SessionRow } from "../sessions/find-session.js";
import { logSessionEvent } from "../sessions/session-log.js";
import { type SessionStatus, TERMINAL_STATUSES } from "../sessions/session-states.js";
import { openSession, sessionByToken, sessionForCapture } from "./applicant-session.js";
import { loadSessionBranding } from "./branding.js";
import { assertTakesInput } from "./input-guard.js";
import { recordApplicantAddress } from "./record-address.js";
import { type ConsentState, consentState, recordConsent } from "./record-consent.js";
import { APPLICANT_ERRORS } from "./step-contract.js";

export interface ApplicantState {
  status: string;
  locale: string;
  branding: Record<string, unknown>;
  /** Versioned terms to accept before the first step (branding `terms`); accepted is true when none. */
  consent: ConsentState;
  steps: { node_id: string; feature: string; state: "done" | "current" | "pending" }[];
  current_step: { node_id: string; feature: string; config: Record<string, unknown> } | null;
  ready_to_finish: boolean;
  finished: boolean;
  /** Advisory only (spec: rule 1): the authoritative outcome is the webhook or a server-side read. */
  redirect_url: string | null;
  /** A sandbox session (design: Sandbox): the page says so. */
  test: boolean;
}

/** Nodes the applicant acts on, in graph order; server-only modules are evaluated at finish. */
function applicantNodes(states: SessionNodeState[]): SessionNodeState[] {
  const nodes = states.map((state) => state.node);
  return states.filter((state) => {
    const step = moduleFor(state.node.feature)?.step;
    return step !== undefined && (step.appliesTo?.(state.node, nodes) ?? true);
  });
}

function currentNode(states: SessionNodeState[]): SessionNodeState | null {
  return applicantNodes(states).find((state) => state.state === "pending") ?? null;
}

/** `clientIp`: the address the request came from, kept for IP_ANALYSIS when the session opens. */
export async function applicantState(
  services: Services,
  token: string,
  clientIp?: string,
): Promise<ApplicantState> {
  const session = await openSession(services, await sessionByToken(services, token));
  const states = await loadNodeStates(services.db, session);
  if (session.status === "in_progress") {
    await recordApplicantAddress(services.db, session, states, "open", clientIp);
  }
  const finished =
    TERMINAL_STATUSES.includes(session.status as SessionStatus) || session.status === "in_review";
  // awaiting_user: the current step (an OTP step) waits for the applicant's code.
  const open = session.status === "in_progress" || session.status === "awaiting_user";
  const current = finished || !open ? null : currentNode(states);
  const branding = await loadSessionBranding(services.db, session.tenant_id, session.workflow_id);
  const consent = await consentState(services.db, session, branding);
  return {
    status: session.status,
    locale: session.locale,
    branding,
    consent,
    steps: applicantNodes(states).map((state) => ({
      node_id: state.node.id,
      feature: state.node.feature,
      state: state === current ? "current" : state.state === "pending" ? "pending" : "done",
    })),
    current_step: current
      ? {
          node_id: current.node.id,
          feature: current.node.feature,
          config: await moduleFor(current.node.feature)!.step!.describe(
            moduleContext(services, session, states, current),
          ),
        }
      : null,
    ready_to_finish: !finished && session.status === "in_progress" && current === null,
    finished,
    redirect_url: finished ? redirectUrl(session) : null,
    test: session.test,
  };
}

export async function submitStep(
  services: Services,
  token: string,
  nodeId: string,
  body: unknown,
): Promise<ApplicantState> {
  const session = await sessionForCapture(services, token);
  assertTakesInput(session);
  const branding = await loadSessionBranding(services.db, session.tenant_id, session.workflow_id);
  if (!(await consentState(services.db, session, branding)).accepted) {
    // spec: rule 4 — the client cannot skip a step, and the terms come first.
    throw new AppError("step_out_of_order", {
      detail: "consent_required",
      message: APPLICANT_ERRORS.consent_required.message,
    });
  }
  const states = await loadNodeStates(services.db, session);
  const current = currentNode(states);
  if (!current || current.node.id !== nodeId) {
    throw new AppError("step_out_of_order", {
      detail: "step_out_of_order",
      message: `The current step is ${current?.node.id ?? "none"}.`,
    });
  }
  const step = moduleFor(current.node.feature)!.step!;
  const context = moduleContext(services, session, states, current);
  const response = step.respond
    ? await step.respond(context, body)
    : { captures: await step.submit!(context, body), event: "submitted" };
  await withTransaction(services.db, async (tx) => {
    if (response.captures) {
      const updated = await tx
        .updateTable("session_nodes")
        .set({ state: "captured", captures: JSON.stringify(response.captures), updated_at: sql`now()` })
        .where("session_id", "=", session.id)
        .where("node_id", "=", nodeId)
        .where("state", "=", "pending")
        .returning("node_id")
        .executeTakeFirst();
      if (!updated) {
        throw new AppError("step_out_of_order", { message: APPLICANT_ERRORS.step_out_of_order.message });
      }
    }
    await response.commit?.(tx);
    await logSessionEvent(tx, {
      tenantId: session.tenant_id,
      sessionId: session.id,
      type: `step.${nodeId}.${response.event}`,
      actor: "applicant",
      data: { feature: current.node.feature },
    });
  });
  return applicantState(services, token);
}

export async function finishSession(
  services: Services,
  token: string,
  clientIp?: string,
): Promise<ApplicantState> {
  const session = await sessionForCapture(services, token);
  assertTakesInput(session);
  const states = await loadNodeStates(services.db, session);
  if (currentNode(states))
    throw new AppError("step_out_of_order", {
      detail: "steps_incomplete",
      message: APPLICANT_ERRORS.steps_incomplete.message,
    });
  await recordApplicantAddress(services.db, session, states, "finish", clientIp);
  await decideSession(services, session.tenant_id, session.id);
  return applicantState(services, token);
}

export async function acceptTerms(
  services: Services,
  token: string,
  termsVersion: string,
): Promise<ApplicantState> {
  const session = await sessionForCapture(services, token);
  const branding = await loadSessionBranding(services.db, session.tenant_id, session.workflow_id);
  await recordConsent(services.db, session, branding, termsVersion);
  return applicantState(services, token);
}

function redirectUrl(session: SessionRow): string | null {
  if (!session.callback_url) return null;
  const url = new URL(session.callback_url);
  url.searchParams.set("session_id", session.id);
  url.searchParams.set("status", session.status);
  return url.toString();
}
