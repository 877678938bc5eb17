// The session object (spec: Verification session — read, list) with its decision_v3 breakdown.
import type { Config } from "../../config.js";
import type { Queryable } from "../../platform/db/transaction.js";
import { sessionUrlToken } from "../applicant/session-token.js";
import type { NodeResult } from "../modules/module.js";
import { moduleFor } from "../modules/registry.js";
import { videoCallEntries } from "../video/serialize-video-calls.js";
import type { SessionRow } from "./find-session.js";

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

export async function serializeSessions(db: Queryable, urls: SessionUrlConfig, rows: SessionRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [nodes, reviews, calls] = await Promise.all([
    db
      .selectFrom("session_nodes")
      .select(["session_id", "node_id", "feature", "position", "result"])
      .where("session_id", "in", ids)
      .orderBy("position")
      .execute(),
    db
      .selectFrom("session_reviews")
      .select(["session_id", "id", "reviewer", "decision", "reason", "created_at"])
      .where("session_id", "in", ids)
      .orderBy("created_at")
      .execute(),
    videoCallEntries(db, urls.publicUrl, ids),
  ]);
  return rows.map((row) => {
    const decision: Record<string, Record<string, unknown>[]> = {};
    for (const name of ALWAYS) decision[name] = [];
    // Optional arrays appear only when the workflow enables their module.
    for (const node of row.workflow_snapshot.nodes) {
      if (!node.enabled) continue;
      const array = moduleFor(node.feature)?.decisionArray;
      if (array && !(array in decision)) decision[array] = [];
    }
    for (const node of nodes) {
      if (node.session_id !== row.id || !node.result) continue;
      const array = moduleFor(node.feature)?.decisionArray;
      // video_calls lists the calls themselves (below), not node results.
      if (array && array !== "video_calls") decision[array]!.push({ ...(node.result satisfies NodeResult) });
    }
    decision.video_calls = [...(calls.get(row.id) ?? [])];
    decision.reviews = reviews
      .filter((review) => review.session_id === row.id)
      .map((review) => ({
        id: review.id,
        decision: review.decision,
        reason: review.reason,
        reviewer: review.reviewer,
        created_at: review.created_at.toISOString(),
      }));
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

export async function serializeSession(db: Queryable, urls: SessionUrlConfig, row: SessionRow) {
  const [session] = await serializeSessions(db, urls, [row]);
  return session!;
}
