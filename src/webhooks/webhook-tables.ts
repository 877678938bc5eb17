import type { Generated } from "kysely";
import type { Json, NullableTimestamp, Timestamp } from "../platform/db/column-types.js";

export interface WebhookEventsTable {
  id: Generated<string>;
  tenant_id: string;
  event_type: string;
  payload: Json<Record<string, unknown>>;
  target_url: string | null;
  status: Generated<"pending" | "delivered" | "failed" | "skipped">;
  attempts: Generated<number>;
  next_attempt_at: NullableTimestamp;
  last_error: string | null;
  session_id: string | null;
  application_id: string | null;
  created_at: Timestamp;
  delivered_at: NullableTimestamp;
}

export interface WebhookAttemptsTable {
  id: Generated<string>;
  event_id: string;
  tenant_id: string;
  attempt: number;
  url: string;
  status_code: number | null;
  error: string | null;
  /** See SendErrorClass in send-delivery.ts; null for a 2xx. */
  error_class: string | null;
  response_excerpt: string | null;
  duration_ms: number;
  created_at: Timestamp;
}

export interface WebhookEndpointHealthTable {
  tenant_id: string;
  url: string | null;
  failing_since: NullableTimestamp;
  consecutive_failures: Generated<number>;
  last_failure_at: NullableTimestamp;
  last_success_at: NullableTimestamp;
  disabled_at: NullableTimestamp;
  disabled_reason: string | null;
  updated_at: Timestamp;
}

export interface WebhookTables {
  webhook_events: WebhookEventsTable;
  webhook_attempts: WebhookAttemptsTable;
  webhook_endpoint_health: WebhookEndpointHealthTable;
}
