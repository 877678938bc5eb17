// spec: decision_v3.video_calls — always present (empty when no call); each entry has id, status, verdict,
// verdict_reason, duration_s, completed_at, recording_url, recording_status and screenshots[] (label,
// captured_at, url). The agent's identity and notes are never included.
import type { Queryable } from "../../platform/db/transaction.js";
import { mediaUrl } from "../../platform/media/evidence.js";

/** From `active` to the end, in whole seconds; null for a call that never started or has not ended. */
export function callSeconds(call: { started_at: Date | null; ended_at: Date | null }): number | null {
  return call.started_at && call.ended_at
    ? Math.round((call.ended_at.getTime() - call.started_at.getTime()) / 1000)
    : null;
}

export type VideoCallEntry = {
  id: string;
  status: string;
  verdict: string | null;
  verdict_reason: string | null;
  duration_s: number | null;
  completed_at: string | null;
  recording_url: string | null;
  recording_status: string | null;
  screenshots: { label: string; captured_at: string; url: string }[];
};

/** Entries per session id, each session's calls oldest first. */
export async function videoCallEntries(
  db: Queryable,
  publicUrl: string,
  sessionIds: string[],
): Promise<Map<string, VideoCallEntry[]>> {
  const bySession = new Map<string, VideoCallEntry[]>();
  if (sessionIds.length === 0) return bySession;
  const calls = await db
    .selectFrom("video_calls")
    .select([
      "id",
      "session_id",
      "status",
      "verdict",
      "verdict_reason",
      "started_at",
      "ended_at",
      "recording_status",
      "recording_path",
    ])
    .where("session_id", "in", sessionIds)
    .orderBy("created_at")
    .execute();
  if (calls.length === 0) return bySession;
  const shots = await db
    .selectFrom("video_call_screenshots")
    .select(["call_id", "label", "captured_at", "path"])
    .where(
      "call_id",
      "in",
      calls.map((call) => call.id),
    )
    .orderBy("captured_at")
    .execute();
  for (const call of calls) {
    const entry: VideoCallEntry = {
      id: call.id,
      status: call.status,
      verdict: call.verdict,
      verdict_reason: call.verdict_reason,
      duration_s: callSeconds(call),
      completed_at: call.status === "completed" ? (call.ended_at?.toISOString() ?? null) : null,
      recording_url:
        call.recording_status === "ready" && call.recording_path
          ? mediaUrl(publicUrl, call.recording_path)
          : null,
      recording_status: call.recording_status,
      screenshots: shots
        .filter((shot) => shot.call_id === call.id)
        .map((shot) => ({
          label: shot.label,
          captured_at: shot.captured_at.toISOString(),
          url: mediaUrl(publicUrl, shot.path),
        })),
    };
    const list = bySession.get(call.session_id) ?? [];
    list.push(entry);
    bySession.set(call.session_id, list);
  }
  return bySession;
}
