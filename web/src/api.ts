// The only server this page talks to: the applicant API on its own origin (design: Applicant API). Step
// configs, bodies and error codes come from the contract the server implements.
import type {
  ApplicantErrorBody,
  DocumentUnreadableReason,
  StepBodies,
  StepConfigs,
  StepScreen,
} from "../../src/verify/applicant/step-contract.js";

export type { StepBodies, StepConfigs, StepScreen };

export interface Step {
  node_id: string;
  feature: string;
  state: "done" | "current" | "pending";
}

export interface FlowState {
  status: string;
  locale: string;
  branding: Branding;
  consent: { terms_version: string | null; accepted: boolean };
  steps: Step[];
  current_step: { node_id: string; feature: string; config: Record<string, unknown> } | null;
  ready_to_finish: boolean;
  finished: boolean;
  redirect_url: string | null;
  /** A sandbox session: the page shows a Test mode banner. */
  test?: boolean;
}

export interface Branding {
  logo_url?: string;
  color?: string;
  button_shape?: "rounded" | "square" | "pill";
  theme?: "light" | "dark";
  default_language?: string;
  company_name?: string;
  intro?: string | { en?: string; ne?: string };
  copy?: { en?: Record<string, string>; ne?: Record<string, string> };
  terms?: { version: string; text: string };
}

/** A refused request: `code` is the server's `{detail}` (or `network` when nothing answered). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    /** Why a document photo could not be read, when the server could tell (422 document_unreadable). */
    readonly reason?: DocumentUnreadableReason,
  ) {
    super(code);
  }
}

async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
      credentials: "omit",
    });
  } catch {
    throw new ApiError(0, "network");
  }
  const payload = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const refusal = payload as Partial<ApplicantErrorBody> & { error?: unknown };
    const code = typeof refusal.detail === "string" ? refusal.detail : String(refusal.error ?? "generic");
    throw new ApiError(response.status, code, refusal.reason);
  }
  return payload as T;
}

/** The outcomes a test session's page offers (design: Sandbox). */
export const SANDBOX_OUTCOMES = ["approved", "declined", "in_review"] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

export function flowApi(token: string) {
  const base = `/flow-api/${encodeURIComponent(token)}`;
  return {
    state: () => call<FlowState>("GET", `${base}/state`),
    consent: (termsVersion: string) =>
      call<FlowState>("POST", `${base}/consent`, { terms_version: termsVersion }),
    submit: (nodeId: string, body: unknown) =>
      call<FlowState>("POST", `${base}/steps/${encodeURIComponent(nodeId)}`, body),
    finish: () => call<FlowState>("POST", `${base}/finish`),
    sandboxComplete: (outcome: SandboxOutcome) =>
      call<FlowState>("POST", `${base}/sandbox/complete`, { outcome }),
  };
}
export type FlowApi = ReturnType<typeof flowApi>;

export interface PartnerState {
  status: string;
  fields: string[];
  prefill: Record<string, string>;
  expired: boolean;
}

export function partnerApi(token: string) {
  const base = `/flow-api/s/${encodeURIComponent(token)}`;
  return {
    state: () => call<PartnerState>("GET", `${base}/state`),
    submit: (form: Record<string, string>) =>
      call<{ status: string; verification: { url: string; token: string } | null }>(
        "POST",
        `${base}/form`,
        form,
      ),
  };
}
