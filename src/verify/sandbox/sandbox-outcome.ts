// Deterministic outcomes for test sessions (design: Sandbox). The integrator names the session's outcome and,
// optionally, per-node statuses and warnings; every other node gets a status that yields that outcome under
// the real rule (combine-results.ts: declined beats review beats approved), so the result is consistent.
import { z } from "zod";
import { AppError } from "../../platform/errors.js";
import { combineResults } from "../decision/combine-results.js";
import type { NodeStatus } from "../modules/module.js";

export const SANDBOX_OUTCOMES = ["approved", "declined", "in_review"] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

export const nodeOverrideSchema = z.object({
  status: z.enum(SANDBOX_OUTCOMES).optional(),
  warnings: z.array(z.string().min(1).max(100)).max(20).optional(),
});
export type NodeOverride = z.infer<typeof nodeOverrideSchema>;

/**
 * The magic `vendor_data` prefix for integrators who drive the real hosted page with a test key:
 * `sandbox:approved`, `sandbox:declined` or `sandbox:in_review`, optionally followed by `:anything`.
 */
const MAGIC_VENDOR_DATA = /^sandbox:(approved|declined|in_review)(?::|$)/;

export function sandboxOutcomeOf(vendorData: string | null | undefined): SandboxOutcome | null {
  const match = vendorData ? MAGIC_VENDOR_DATA.exec(vendorData) : null;
  return match ? (match[1] as SandboxOutcome) : null;
}

/** The warning a sample node carries when it is the one that declines or holds the session. */
const DEFAULT_WARNINGS: Record<string, Record<"declined" | "in_review", string>> = {
  id_verifications: { declined: "document_not_verified", in_review: "low_confidence" },
  liveness_checks: { declined: "spoof_detected", in_review: "antispoof_unavailable" },
  face_matches: { declined: "face_mismatch", in_review: "face_mismatch" },
  aml_screenings: { declined: "watchlist_match", in_review: "possible_watchlist_match" },
  age_estimations: { declined: "under_minimum_age", in_review: "age_near_minimum" },
  questionnaire_responses: { declined: "questionnaire_declined", in_review: "questionnaire_review" },
  email_verifications: { declined: "email_not_verified", in_review: "email_not_verified" },
  phone_verifications: { declined: "phone_not_verified", in_review: "phone_not_verified" },
  ip_analyses: { declined: "ip_country_mismatch", in_review: "ip_country_mismatch" },
  confirm_details: { declined: "details_corrected", in_review: "details_corrected" },
  poa_verifications: { declined: "poa_name_mismatch", in_review: "poa_low_confidence" },
  nfc_verifications: { declined: "sod_signature_invalid", in_review: "csca_not_trusted" },
  database_validations: { declined: "registry_field_mismatch", in_review: "registry_field_fuzzy" },
};

export interface PlannedNode {
  node_id: string;
  decisionArray: string;
  status: NodeStatus;
  warnings: string[];
}

/** Each node's status and warnings; a 400 when the per-node statuses contradict the outcome. */
export function planNodeStatuses(
  nodes: { node_id: string; decisionArray: string }[],
  outcome: SandboxOutcome,
  overrides: Record<string, NodeOverride> = {},
): PlannedNode[] {
  const unknown = Object.keys(overrides).filter((id) => !nodes.some((node) => node.node_id === id));
  if (unknown.length > 0) {
    throw new AppError("validation_failed", {
      field: "nodes",
      detail: `unknown node: ${unknown.join(", ")}`,
      message: `The session has no node ${unknown.join(", ")}.`,
    });
  }
  const planned = nodes.map((node) => ({
    node_id: node.node_id,
    decisionArray: node.decisionArray,
    status: overrides[node.node_id]?.status ?? ("approved" as NodeStatus),
    warnings: overrides[node.node_id]?.warnings,
  }));
  // The first node left to the default carries the outcome when no named node does.
  if (outcome !== "approved" && !planned.some((node) => node.status === outcome)) {
    const carrier = planned.find((node) => overrides[node.node_id]?.status === undefined);
    if (carrier) carrier.status = outcome;
  }
  if (planned.length > 0 && combineResults(planned) !== outcome) {
    throw new AppError("validation_failed", {
      field: "nodes",
      detail: "nodes_contradict_outcome",
      message: `The node statuses give ${combineResults(planned)}, not ${outcome}.`,
    });
  }
  return planned.map((node) => ({
    ...node,
    warnings:
      node.warnings ??
      (node.status === "approved"
        ? []
        : [DEFAULT_WARNINGS[node.decisionArray]?.[node.status] ?? node.status]),
  }));
}

/**
 * A test session whose vendor_data carries the magic prefix: the engines' results are kept (integrators see
 * what their captures gave) and only the statuses are set to yield the chosen outcome.
 */
export function forceOutcome<R extends { node_id: string; status: NodeStatus; warnings: string[] }>(
  results: R[],
  decisionArrays: string[],
  outcome: SandboxOutcome,
): R[] {
  const plan = planNodeStatuses(
    results.map((result, index) => ({ node_id: result.node_id, decisionArray: decisionArrays[index] ?? "" })),
    outcome,
  );
  return results.map((result, index) => {
    const planned = plan[index]!;
    if (planned.status === result.status) return result;
    return { ...result, status: planned.status, warnings: [...planned.warnings, "sandbox_forced_outcome"] };
  });
}
