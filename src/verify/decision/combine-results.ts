// The session's outcome follows from its nodes: declined beats review beats approved.
import { type NodeResult, type NodeStatus, worstStatus } from "../modules/module.js";

export function combineResults(results: Pick<NodeResult, "status">[]): NodeStatus {
  return worstStatus(results.map((result) => result.status));
}

/**
 * The webhook's decision_reason: every reason of every node that reached the outcome (not only the first
 * node's), comma-separated without repeats; a node without warnings names itself (`<node_id>_<outcome>`).
 */
export function decisionReason(results: NodeResult[], outcome: NodeStatus): string | null {
  if (outcome === "approved") return null;
  const reasons = results
    .filter((result) => result.status === outcome)
    .flatMap((result) => (result.warnings.length > 0 ? result.warnings : [`${result.node_id}_${outcome}`]));
  return reasons.length > 0 ? [...new Set(reasons)].join(",") : null;
}
