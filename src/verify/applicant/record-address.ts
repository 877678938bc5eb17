// IP_ANALYSIS input: the address the service sees the applicant at (request.ip — the peer, or the client
// X-Forwarded-For names when TRUST_PROXY trusts the peer) is kept on every IP_ANALYSIS node of the session,
// once when the session is first opened and again (the latest wins) when the applicant finishes.
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import type { SessionNodeState } from "../decision/node-states.js";
import type { IpMoment } from "../modules/ip-analysis.js";
import type { SessionRow } from "../sessions/find-session.js";

export async function recordApplicantAddress(
  db: Queryable,
  session: SessionRow,
  states: readonly SessionNodeState[],
  moment: IpMoment,
  ip: string | undefined,
): Promise<void> {
  if (!ip) return;
  const nodeIds = states
    .filter((state) => state.node.feature === "IP_ANALYSIS" && state.state === "pending")
    .filter((state) => moment === "finish" || state.captures.open === undefined)
    .map((state) => state.node.id);
  if (nodeIds.length === 0) return;
  const entry = JSON.stringify({ [moment]: { ip, seen_at: new Date().toISOString() } });
  let update = db
    .updateTable("session_nodes")
    .set({ captures: sql`captures || ${entry}::jsonb`, updated_at: sql`now()` })
    .where("tenant_id", "=", session.tenant_id)
    .where("session_id", "=", session.id)
    .where("node_id", "in", nodeIds)
    .where("state", "=", "pending");
  // Two first requests racing: the earlier write stands.
  if (moment === "open") update = update.where(sql`captures -> 'open'`, "is", null);
  await update.execute();
}
