// What decision_v3 is built from, read in the session row's own statement (issue 18: a session read was
// four statements — the row, its nodes, its reviews, its video calls — and is now one): the nodes' results
// in workflow order, the reviews oldest first with their time already in the response's form (UTC
// ISO-8601 with milliseconds, as Date#toISOString writes it), and whether the session has any video call.
// Calls are rare and carry screenshots, so they alone are read apart, and only when there are some.
import { sql } from "kysely";
import type { NodeResult } from "../modules/module.js";

/** The session row's columns a session object shows (serialize-session.ts); the rest (contact details,
 * prefill, reference images, the URL token's hash) is never read for it. */
export const sessionViewColumns = [
  "id",
  "session_kind",
  "status",
  "stage",
  "vendor_data",
  "workflow_id",
  "workflow_snapshot",
  "decision",
  "tags",
  "credits_charged",
  "callback_url",
  "metadata",
  "expires_at",
  "created_at",
  "completed_at",
  "test",
] as const;

export interface ReviewEntry {
  id: string;
  decision: "approved" | "declined";
  reason: string;
  reviewer: string;
  created_at: string;
}

export interface SessionParts {
  node_results: NodeResultEntry[];
  review_entries: ReviewEntry[];
  has_video_calls: boolean;
}

/** A node of the session's workflow and its result (null until evaluated). */
export interface NodeResultEntry {
  node_id: string;
  feature: string;
  result: NodeResult | null;
}

/** The session's nodes in workflow order with their results: the session object and the decision summary. */
export const nodeResultsColumn = sql<NodeResultEntry[]>`coalesce((
  SELECT json_agg(json_build_object('node_id', n.node_id, 'feature', n.feature, 'result', n.result)
    ORDER BY n.position)
  FROM session_nodes n WHERE n.session_id = sessions.id
), '[]'::json)`.as("node_results");

/** Columns to add to a select from the unaliased "sessions" table. */
export const sessionPartColumns = [
  nodeResultsColumn,
  sql<ReviewEntry[]>`coalesce((
    SELECT json_agg(json_build_object(
      'id', r.id, 'decision', r.decision, 'reason', r.reason, 'reviewer', r.reviewer,
      'created_at', to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ) ORDER BY r.created_at)
    FROM session_reviews r WHERE r.session_id = sessions.id
  ), '[]'::json)`.as("review_entries"),
  sql<boolean>`EXISTS (SELECT 1 FROM video_calls v WHERE v.session_id = sessions.id)`.as("has_video_calls"),
] as const;
