// A call's evidence: the agent's labelled screenshots, and the recording the agent's browser makes with
// MediaRecorder and uploads in ordered chunks while the call runs. Chunks wait in the media store; once the
// agent says how many there are and all have arrived, they are joined in order (MediaRecorder's timeslices
// concatenate into one WebM) and stored as one evidence file served by /v3/media like every other.
import { sql } from "kysely";
import { type Tx, withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { saveEvidence } from "../../platform/media/evidence.js";
import type { Services } from "../../services.js";
import { remuxRecording } from "./remux-recording.js";
import { assertAgent, type CallScope, findCall } from "./video-calls.js";
import type { ScreenshotLabel } from "./video-tables.js";

export const MAX_SCREENSHOTS = 30;
/** A 5-second slice of a 2.5 Mbit/s stream is ~1.6 MB; anything larger is not a timeslice. */
export const MAX_CHUNK_BYTES = 8 * 1024 * 1024;
export const MAX_CHUNKS = 20_000;
const WEBM_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

async function callOrThrow(services: Services, scope: CallScope) {
  const call = await findCall(services.db, scope);
  if (!call) throw new AppError("not_found", { detail: "not_found", message: "No such video call." });
  return call;
}

function imageType(bytes: Buffer): "image/jpeg" | "image/png" | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  return null;
}

/** A still of the live call the agent labelled (document front or back, face); only while it is active. */
export async function saveScreenshot(
  services: Services,
  scope: CallScope,
  input: { label: ScreenshotLabel; bytes: Buffer; operatorId: string },
): Promise<{ id: string; path: string }> {
  const contentType = imageType(input.bytes);
  if (!contentType) {
    throw new AppError("invalid_image", { detail: "invalid_image", message: "Send a JPEG or PNG image." });
  }
  const call = await callOrThrow(services, scope);
  assertAgent(call, input.operatorId);
  if (call.status !== "active") {
    throw new AppError("conflict", {
      detail: "call_state_conflict",
      message: `The call is ${call.status}; screenshots are taken during the call.`,
    });
  }
  return withTransaction(services.db, async (tx) => {
    const count = await tx
      .selectFrom("video_call_screenshots")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("call_id", "=", call.id)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_SCREENSHOTS) {
      throw new AppError("conflict", {
        detail: "too_many_screenshots",
        message: `A call keeps at most ${MAX_SCREENSHOTS} screenshots.`,
      });
    }
    const saved = await saveEvidence(tx, services.media, {
      tenantId: call.tenant_id,
      sessionId: call.session_id,
      bytes: input.bytes,
      contentType,
      kind: "video_call_screenshot",
    });
    const row = await tx
      .insertInto("video_call_screenshots")
      .values({ call_id: call.id, tenant_id: call.tenant_id, label: input.label, path: saved.path })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: row.id, path: saved.path };
  });
}

function chunkPath(call: { tenant_id: string; id: string }, index: number): string {
  return `${call.tenant_id.slice(0, 8)}/video_call_chunk/${call.id}/${index}.part`;
}

/** One timeslice of the recording; a repeated index replaces the earlier upload (a retried request). */
export async function saveRecordingChunk(
  services: Services,
  scope: CallScope,
  index: number,
  bytes: Buffer,
  operatorId: string,
): Promise<void> {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_CHUNKS || bytes.length === 0) {
    throw new AppError("invalid_request", {
      detail: "invalid_chunk",
      message: "Chunk index or body invalid.",
    });
  }
  const call = await callOrThrow(services, scope);
  assertAgent(call, operatorId);
  if (call.recording_status !== "pending") {
    throw new AppError("conflict", {
      detail: "recording_closed",
      message: "This call's recording is not being uploaded.",
    });
  }
  const path = chunkPath(call, index);
  await services.media.put(path, bytes);
  await services.db
    .insertInto("video_call_chunks")
    .values({ call_id: call.id, idx: index, path, size_bytes: bytes.length })
    .onConflict((oc) => oc.columns(["call_id", "idx"]).doUpdateSet({ size_bytes: bytes.length }))
    .execute();
  if (call.recording_chunks !== null) await assembleRecording(services, scope);
}

/** The agent's browser stopped recording after `chunks` slices (the call must have ended). */
export async function finishRecording(
  services: Services,
  scope: CallScope,
  chunks: number,
  operatorId: string,
) {
  await withTransaction(services.db, async (tx) => {
    const call = await tx
      .selectFrom("video_calls")
      .select(["status", "recording_status", "operator_id"])
      .where("tenant_id", "=", scope.tenantId)
      .where("id", "=", scope.callId)
      .forUpdate()
      .executeTakeFirst();
    if (!call) throw new AppError("not_found", { detail: "not_found", message: "No such video call." });
    assertAgent(call, operatorId);
    if (call.recording_status !== "pending" || ["waiting", "ringing", "active"].includes(call.status)) {
      throw new AppError("conflict", {
        detail: "recording_closed",
        message: "The recording is finished once the call has ended, and only once.",
      });
    }
    await tx
      .updateTable("video_calls")
      .set({ recording_chunks: chunks })
      .where("id", "=", scope.callId)
      .execute();
  });
  return assembleRecording(services, scope);
}

/**
 * Joins the chunks once all have arrived (read and remuxed outside any lock, then stored under the call's row
 * lock if the recording is still pending); a recording that is not WebM is `failed`.
 */
export async function assembleRecording(services: Services, scope: CallScope): Promise<string | null> {
  const call = await findCall(services.db, scope);
  if (call?.recording_status !== "pending" || call.recording_chunks === null) {
    return call?.recording_status ?? null;
  }
  const chunks = await services.db
    .selectFrom("video_call_chunks")
    .select(["idx", "path"])
    .where("call_id", "=", call.id)
    .where("idx", "<", call.recording_chunks)
    .orderBy("idx")
    .execute();
  if (call.recording_chunks > 0 && chunks.length < call.recording_chunks) return "pending";
  const parts: Buffer[] = [];
  for (const chunk of chunks) {
    const bytes = await services.media.get(chunk.path);
    if (!bytes) return "pending";
    parts.push(bytes);
  }
  const joined = Buffer.concat(parts);
  const webm = joined.subarray(0, 4).equals(WEBM_MAGIC) ? await remuxRecording(joined) : null;
  const closed = await withTransaction(services.db, async (tx) => {
    const still = await tx
      .selectFrom("video_calls")
      .select("recording_status")
      .where("id", "=", call.id)
      .forUpdate()
      .executeTakeFirst();
    if (still?.recording_status !== "pending") return { status: still?.recording_status ?? null, slices: [] };
    if (!webm) {
      return { status: "failed", slices: await closeRecording(tx, call.id, { recording_status: "failed" }) };
    }
    const saved = await saveEvidence(tx, services.media, {
      tenantId: call.tenant_id,
      sessionId: call.session_id,
      bytes: webm,
      contentType: "video/webm",
      kind: "video_call_recording",
    });
    const slices = await closeRecording(tx, call.id, {
      recording_status: "ready",
      recording_path: saved.path,
    });
    return { status: "ready", slices };
  });
  await deleteSlices(services, closed.slices);
  return closed.status;
}

/** Marks the recording ready or failed and forgets its slices; returns their media paths to delete. */
async function closeRecording(
  tx: Tx,
  callId: string,
  set: { recording_status: "ready" | "failed"; recording_path?: string },
): Promise<string[]> {
  await tx
    .updateTable("video_calls")
    .set(set)
    .where("id", "=", callId)
    .where("recording_status", "=", "pending")
    .execute();
  const chunks = await tx
    .deleteFrom("video_call_chunks")
    .where("call_id", "=", callId)
    .returning("path")
    .execute();
  return chunks.map((chunk) => chunk.path);
}

/**
 * The slices' files go only after the rows forgetting them committed: a rollback never leaves rows whose
 * files are gone, and a crash in between leaves only unreferenced files.
 */
async function deleteSlices(services: Services, paths: string[]): Promise<void> {
  for (const path of paths) await services.media.delete(path);
}

/** Recordings still not complete this long after their call ended are `failed` (spec: no WebM produced). */
export async function failStaleRecordings(services: Services): Promise<number> {
  const stale = await services.db
    .selectFrom("video_calls")
    .select("id")
    .where("recording_status", "=", "pending")
    .where(
      "ended_at",
      "<",
      sql<Date>`now() - make_interval(secs => ${services.config.video.recordingTimeoutS})`,
    )
    .limit(500)
    .execute();
  for (const call of stale) {
    const slices = await withTransaction(services.db, (tx) =>
      closeRecording(tx, call.id, { recording_status: "failed" }),
    );
    await deleteSlices(services, slices);
  }
  return stale.length;
}
