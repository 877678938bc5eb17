import type { ColumnType, Generated } from "kysely";
import type { Decimal, Json, NullableTimestamp, Timestamp } from "../platform/db/column-types.js";
import type { NodeResult, WorkflowNode } from "./modules/module.js";

type JsonObject = ColumnType<Record<string, unknown>, string | undefined, string>;

export interface WorkflowsTable {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  status: Generated<"draft" | "live" | "archived">;
  is_default: Generated<boolean>;
  nodes: Json<WorkflowNode[]>;
  branding: JsonObject;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  tenant_id: string;
  workflow_id: string | null;
  workflow_snapshot: Json<{ id: string | null; name: string; nodes: WorkflowNode[] }>;
  individual_id: string | null;
  application_id: string | null;
  /** SHA-256 of the URL token (applicant/session-token.ts); the token itself is never stored. */
  token_hash: string;
  session_kind: Generated<string>;
  status: Generated<string>;
  decision: Generated<string>;
  decision_reason: string | null;
  stage: Generated<string>;
  vendor_data: string | null;
  callback_url: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  locale: Generated<string>;
  metadata: JsonObject;
  prefill: JsonObject;
  reference: JsonObject;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  credits_charged: ColumnType<string, string | number | undefined, string | number>;
  idempotency_key: string | null;
  expires_at: Timestamp;
  started_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Created with a test key: free, isolated from live data, seen only by test keys (0018_sandbox.sql). */
  test: Generated<boolean>;
}

export interface SessionNodesTable {
  session_id: string;
  tenant_id: string;
  node_id: string;
  feature: string;
  position: number;
  state: Generated<"pending" | "captured" | "evaluated">;
  captures: JsonObject;
  result: Json<NodeResult | null> | null;
  updated_at: Timestamp;
}

export interface SessionEventsTable {
  id: Generated<string>;
  session_id: string;
  tenant_id: string;
  type: string;
  actor: Generated<string>;
  data: JsonObject;
  created_at: Timestamp;
}

export interface SessionReviewsTable {
  id: Generated<string>;
  session_id: string;
  tenant_id: string;
  reviewer: string;
  decision: "approved" | "declined";
  reason: Generated<string>;
  created_at: Timestamp;
}

export interface IdempotencyKeysTable {
  tenant_id: string;
  scope: string;
  key: string;
  request_hash: string;
  resource_id: string | null;
  response: Json<Record<string, unknown> | null> | null;
  created_at: Timestamp;
}

export interface SessionTables {
  workflows: WorkflowsTable;
  sessions: SessionsTable;
  session_nodes: SessionNodesTable;
  session_events: SessionEventsTable;
  session_reviews: SessionReviewsTable;
  idempotency_keys: IdempotencyKeysTable;
}

export type { Decimal };
