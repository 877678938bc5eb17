// The session object (spec: Verification session — read, list) with its decision_v3 breakdown.
import type { Config } from "../../config.js";
import type { Queryable } from "../../platform/db/transaction.js";
import { sessionUrlToken } from "../applicant/session-token.js";
import type { NodeResult } from "../modules/module.js";
import { moduleFor } from "../modules/registry.js";
import { videoCallEntries } from "../video/serialize-video-calls.js";
import { type SessionRow, sessionNotFound, tenantSession } from "./find-session.js";
import { type SessionParts, sessionPartColumns, sessionViewColumns } from "./session-parts.js";

/** spec: arrays present on every decision_v3. */
const ALWAYS = [
  "id_verifications",
  "liveness_checks",
  "face_matches",
  "aml_screenings",
  "reviews",
  "video_calls",
] as const;

/** What a session's URL is built from: the flow base URL and the token key (applicant/session-token.ts). */
export type SessionUrlConfig = Pick<Config, "flowUrl" | "publicUrl" | "dataDir" | "sessionTokenKey">;

/** Sessions read with their parts (session-parts.ts) as the API's session objects; only sessions that have
 * video calls cost a further read. */
export async function serializeSessions(
  db: Queryable,
  urls: SessionUrlConfig,
  rows: (Pick<SessionRow, (typeof sessionViewColumns)[number]> & SessionParts)[],
) {
  if (rows.length === 0) return [];
  const calls = await videoCallEntries(
    db,
    urls.publicUrl,
    rows.filter((row) => row.has_video_calls).map((row) => row.id),
  );
  return rows.map((row) => {
    const decision: Record<string, Record<string, unknown>[]> = {};
    for (const name of ALWAYS) decision[name] = [];
    // Optional arrays appear only when the workflow enables their module.
    for (const node of row.workflow_snapshot.nodes) {
      if (!node.enabled) continue;
      const array = moduleFor(node.feature)?.decisionArray;
      if (array && !(array in decision)) decision[array] = [];
    }
    for (const node of row.node_results) {
      if (!node.result) continue;
      const array = moduleFor(node.feature)?.decisionArray;
      // video_calls lists the calls themselves (below), not node results.
      if (array && array !== "video_calls") decision[array]!.push({ ...(node.result satisfies NodeResult) });
    }
    decision.video_calls = [...(calls.get(row.id) ?? [])];
    // Built by the database in the response's shape (session-parts.ts).
    decision.reviews = row.review_entries.map((review) => ({ ...review }));
    return {
      id: row.id,
      session_kind: row.session_kind,
      status: row.status,
      stage: row.stage,
      url: `${urls.flowUrl}/verify/${sessionUrlToken(urls, row.id)}`,
      vendor_data: row.vendor_data,
      workflow: row.workflow_id,
      decision: row.decision,
      decision_v3: decision,
      risk: null,
      tags: row.tags,
      credits_charged: Number(row.credits_charged),
      callback_url: row.callback_url,
      metadata: row.metadata,
      expires_at: row.expires_at.toISOString(),
      created_at: row.created_at.toISOString(),
      completed_at: row.completed_at?.toISOString() ?? null,
      test: row.test,
    };
  });
}

/** One session of the tenant as the API's session object, read in one statement (404 as findSession). */
export async function readSession(
  db: Queryable,
  urls: SessionUrlConfig,
  tenantId: string,
  sessionId: string,
) {
  const row = await tenantSession(db, tenantId, sessionId)
    .select(sessionViewColumns)
    .select(sessionPartColumns)
    .executeTakeFirst();
  if (!row) throw sessionNotFound();
  const [session] = await serializeSessions(db, urls, [row]);
  return session!;
}
