// Loads a session's nodes (graph order) with their captures and results, as modules see them.
import type { Queryable } from "../../platform/db/transaction.js";
import type { Services } from "../../services.js";
import { createEvidenceCache, type EvidenceCache } from "../modules/evidence-cache.js";
import type { ModuleContext, NodeResult, NodeState, SessionView, WorkflowNode } from "../modules/module.js";
import type { SessionRow } from "../sessions/find-session.js";

export interface SessionNodeState extends NodeState {
  state: "pending" | "captured" | "evaluated";
}

export async function loadNodeStates(db: Queryable, session: SessionRow): Promise<SessionNodeState[]> {
  const rows = await db
    .selectFrom("session_nodes")
    .select(["node_id", "state", "captures", "result"])
    .where("tenant_id", "=", session.tenant_id)
    .where("session_id", "=", session.id)
    .orderBy("position")
    .execute();
  const byId = new Map(
    session.workflow_snapshot.nodes.map((node) => [node.id, node] as [string, WorkflowNode]),
  );
  return rows.map((row) => ({
    node: byId.get(row.node_id)!,
    state: row.state,
    captures: row.captures,
    result: row.result as NodeResult | null,
  }));
}

export function sessionView(session: SessionRow): SessionView {
  return {
    id: session.id,
    tenant_id: session.tenant_id,
    individual_id: session.individual_id,
    locale: session.locale,
    reference: session.reference,
    prefill: session.prefill,
    contact_email: session.contact_email,
    contact_phone: session.contact_phone,
  };
}

/** What a module sees of one node: the session, the node, every node's state and this node's captures. */
export function moduleContext(
  services: Services,
  session: SessionRow,
  states: SessionNodeState[],
  state: SessionNodeState,
  evidence: EvidenceCache = createEvidenceCache(services),
): ModuleContext {
  return {
    services,
    db: services.db,
    session: sessionView(session),
    node: state.node,
    nodes: states,
    captures: state.captures,
    evidence,
  };
}
