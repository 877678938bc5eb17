import type { Generated } from "kysely";
import type { NullableTimestamp, Timestamp } from "../../platform/db/column-types.js";

export const CALL_STATUSES = ["waiting", "ringing", "active", "completed", "abandoned"] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const OPEN_CALL_STATUSES: readonly CallStatus[] = ["waiting", "ringing", "active"];
export type Verdict = "pass" | "fail";
export type RecordingStatus = "pending" | "ready" | "failed";
export const SCREENSHOT_LABELS = ["document_front", "document_back", "face"] as const;
export type ScreenshotLabel = (typeof SCREENSHOT_LABELS)[number];

export interface VideoCallsTable {
  id: Generated<string>;
  tenant_id: string;
  session_id: string;
  node_id: string;
  status: Generated<CallStatus>;
  verdict: Verdict | null;
  verdict_reason: string | null;
  operator_id: string | null;
  notes: string | null;
  created_at: Timestamp;
  ringing_at: NullableTimestamp;
  started_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  applicant_seen_at: Timestamp;
  recording_status: RecordingStatus | null;
  recording_chunks: number | null;
  recording_path: string | null;
}

export interface VideoCallScreenshotsTable {
  id: Generated<string>;
  call_id: string;
  tenant_id: string;
  label: ScreenshotLabel;
  path: string;
  captured_at: Timestamp;
}

export interface VideoCallChunksTable {
  call_id: string;
  idx: number;
  path: string;
  size_bytes: number;
  received_at: Timestamp;
}

export interface VideoTables {
  video_calls: VideoCallsTable;
  video_call_screenshots: VideoCallScreenshotsTable;
  video_call_chunks: VideoCallChunksTable;
}
