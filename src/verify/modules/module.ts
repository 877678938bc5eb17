// The module contract: every workflow feature plugs into the session pipeline through this one interface.
// A module may ask the applicant for a step (captures validated and stored at submit), and is evaluated
// when the applicant finishes, in graph order, yielding {node_id, status, score, warnings, data}.
import type { Queryable, Tx } from "../../platform/db/transaction.js";
import type { Services } from "../../services.js";
import type { EvidenceCache } from "./evidence-cache.js";

export interface WorkflowNode {
  /** Stable within the workflow; the applicant API addresses steps by it. */
  id: string;
  /** Catalog key (spec: Workflow). */
  feature: string;
  enabled: boolean;
  config: Record<string, unknown>;
}

export type NodeStatus = "approved" | "declined" | "in_review";

/** Declined beats review beats approved (a node's checks, and the session's nodes). */
export function worstStatus(statuses: readonly NodeStatus[]): NodeStatus {
  if (statuses.includes("declined")) return "declined";
  if (statuses.includes("in_review")) return "in_review";
  return "approved";
}

/** spec: decision_v3 — each entry has node_id, status, score (number or null), warnings, data. */
export interface NodeResult {
  node_id: string;
  status: NodeStatus;
  score: number | null;
  warnings: string[];
  data: Record<string, unknown>;
}

export type DecisionArray =
  | "id_verifications"
  | "liveness_checks"
  | "face_matches"
  | "aml_screenings"
  | "questionnaire_responses"
  | "age_estimations"
  | "email_verifications"
  | "phone_verifications"
  | "ip_analyses"
  | "confirm_details"
  | "poa_verifications"
  | "database_validations"
  | "nfc_verifications"
  | "video_calls";

/** What a module can read about the session it runs in. */
export interface SessionView {
  id: string;
  tenant_id: string;
  individual_id: string | null;
  locale: string;
  reference: Record<string, unknown>;
  prefill: Record<string, unknown>;
  contact_email: string | null;
  contact_phone: string | null;
}

/** One node's stored state, as other modules see it (FACE_MATCH reads the selfie LIVENESS captured). */
export interface NodeState {
  node: WorkflowNode;
  captures: Record<string, unknown>;
  result: NodeResult | null;
}

export interface ModuleContext {
  services: Services;
  db: Queryable;
  session: SessionView;
  node: WorkflowNode;
  /** Every node of the session in graph order, with what was captured and (for earlier nodes) evaluated. */
  nodes: NodeState[];
  captures: Record<string, unknown>;
  /** Stored evidence read, decoded and run through the face models once per decision (evidence-cache.ts). */
  evidence: EvidenceCache;
}

export interface Evaluation {
  result: Omit<NodeResult, "node_id">;
  /** Side effects that must commit with the decision (gallery enrolment, monitoring enrolment). */
  commit?: (tx: Tx) => Promise<void>;
}

export interface ApplicantStep {
  /**
   * Whether this node asks the applicant anything in this workflow; default yes. AML_SCREENING asks for the
   * name only when no earlier ID_VERIFICATION node reads it from the document.
   */
  appliesTo?(node: WorkflowNode, nodes: readonly WorkflowNode[]): boolean;
  /** The step's server-side configuration handed to the client (never thresholds). */
  describe(context: ModuleContext): Promise<Record<string, unknown>>;
  /** Validates and stores the applicant's captures; returns what to keep in the node's `captures`. */
  submit?(context: ModuleContext, body: unknown): Promise<Record<string, unknown>>;
  /**
   * Instead of `submit`, for steps that take several calls (an OTP step: send, then verify): each call
   * answers whether the step is done, and what to commit with the call's log entry.
   */
  respond?(context: ModuleContext, body: unknown): Promise<StepResponse>;
}

export interface StepResponse {
  /** Captures when the step is complete; null while the step stays current (a code was sent). */
  captures: Record<string, unknown> | null;
  /** The session log entry of this call (`step.<node_id>.<event>`). */
  event: string;
  /** Runs in the transaction that records the call (and, when complete, stores the captures). */
  commit?(tx: Tx): Promise<void>;
}

export interface WorkflowModule {
  /** Catalog keys this module serves (LIVENESS also answers to its method keys). */
  features: readonly string[];
  decisionArray: DecisionArray;
  /** Validates a node's configuration; throws AppError("invalid_workflow") naming the problem. */
  parseConfig(config: unknown, feature: string): Record<string, unknown>;
  /** Refuses (AppError invalid_workflow) a node placed where it cannot run, e.g. before the node it reads. */
  checkPlacement?(node: WorkflowNode, nodes: readonly WorkflowNode[]): void;
  /** Features that must be enabled for the tenant to run this node (e.g. LIVENESS and the method key). */
  entitlements(node: WorkflowNode): string[];
  step?: ApplicantStep;
  /**
   * Features whose earlier nodes' results this module reads (AML_SCREENING reads the document's fields):
   * it is evaluated after those nodes and sees their results; every other result reads as null during the
   * decision. Modules without it read only captures and run concurrently.
   */
  readsResultsOf?: readonly string[];
  evaluate(context: ModuleContext): Promise<Evaluation>;
}
