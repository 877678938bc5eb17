// The session's outcome follows from its nodes: declined beats review beats approved.
import type { NodeResult, NodeStatus } from "../modules/module.js";

export function combineResults(results: Pick<NodeResult, "status">[]): NodeStatus {
  if (results.some((result) => result.status === "declined")) return "declined";
  if (results.some((result) => result.status === "in_review")) return "in_review";
  return "approved";
}

/** A short machine-readable reason for the webhook's decision_reason: the first deciding node's warnings. */
export function decisionReason(results: NodeResult[], outcome: NodeStatus): string | null {
  if (outcome === "approved") return null;
  const deciding = results.find((result) => result.status === outcome);
  if (!deciding) return null;
  return deciding.warnings.length > 0 ? deciding.warnings.join(",") : `${deciding.node_id}_${outcome}`;
}
