// Per-step read models of a session: the evidence checklist (what each step has collected) and the compact
// decision summary (each step's result). Both 404 for another tenant's or a deleted session.
import type { Queryable } from "../../platform/db/transaction.js";
import type { NodeResult } from "../modules/module.js";
import { findSession, sessionNotFound, tenantSession } from "./find-session.js";
import { nodeResultsColumn } from "./session-parts.js";

/** A session's nodes in workflow order, with their state, result and captures. */
export async function sessionNodes(db: Queryable, tenantId: string, sessionId: string) {
  return db
    .selectFrom("session_nodes")
    .select(["node_id", "feature", "state", "result", "captures"])
    .where("tenant_id", "=", tenantId)
    .where("session_id", "=", sessionId)
    .orderBy("position")
    .execute();
}

export async function getSessionChecklist(db: Queryable, tenantId: string, sessionId: string) {
  const session = await findSession(db, tenantId, sessionId);
  const nodes = await sessionNodes(db, tenantId, session.id);
  return {
    session_id: session.id,
    stage: session.stage,
    status: session.status,
    items: nodes.map((node) => ({
      node_id: node.node_id,
      feature: node.feature,
      state: node.state,
      status: node.result?.status ?? null,
      evidence_count: countEvidence(node.captures),
    })),
  };
}

/** The compact decision summary: the session and its nodes' results read in one statement (it is the read
 * integrators poll). */
export async function getDecisionSummary(db: Queryable, tenantId: string, sessionId: string) {
  const session = await tenantSession(db, tenantId, sessionId)
    .select(["id", "status", "decision", "decision_reason", "completed_at"])
    .select(nodeResultsColumn)
    .executeTakeFirst();
  if (!session) throw sessionNotFound();
  return {
    session_id: session.id,
    status: session.status,
    decision: session.decision,
    decision_reason: session.decision_reason,
    completed_at: session.completed_at?.toISOString() ?? null,
    checks: session.node_results.map((node) => ({
      node_id: node.node_id,
      feature: node.feature,
      ...nodeCheck(node.result),
    })),
  };
}

/** A node's result as every summary shows it (decision summary, PDF report): pending until evaluated. */
export function nodeCheck(result: NodeResult | null) {
  return {
    status: result?.status ?? "pending",
    score: result?.score ?? null,
    warnings: result?.warnings ?? [],
  };
}

/** Captured files are stored under keys ending in `_path` (see the modules' submit). */
function countEvidence(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + countEvidence(item), 0);
  if (!value || typeof value !== "object") return 0;
  return Object.entries(value).reduce(
    (sum, [key, item]) => sum + (key.endsWith("_path") && typeof item === "string" ? 1 : countEvidence(item)),
    0,
  );
}
