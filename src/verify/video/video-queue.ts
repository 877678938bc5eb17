// The queue the applicant waits in and the agents take calls from. Agents serve every tenant from one
// console, so the position counts every waiting call that joined earlier; the expected wait is that many
// recent calls' mean duration (the last 20 completed calls; 3 minutes while there are none).
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";

export const DEFAULT_CALL_SECONDS = 180;
const RECENT_CALLS = 20;

/** 1-based place in the queue of a waiting call (0 once it is no longer waiting). */
export async function queuePosition(db: Queryable, call: { id: string }): Promise<number> {
  // Compared in the database: timestamptz keeps microseconds, a JavaScript Date only milliseconds.
  const result = await sql<{ ahead: string }>`
    SELECT count(*) AS ahead FROM video_calls w, video_calls me
    WHERE me.id = ${call.id} AND me.status = 'waiting' AND w.status = 'waiting'
      AND (w.created_at, w.id) <= (me.created_at, me.id)`.execute(db);
  return Number(result.rows[0]?.ahead ?? 0);
}

/** Mean length in seconds of the most recent completed calls. */
export async function meanCallSeconds(db: Queryable): Promise<number> {
  const recent = await db
    .selectFrom("video_calls")
    .select(sql<number>`extract(epoch from ended_at - started_at)`.as("seconds"))
    .where("status", "=", "completed")
    .where("started_at", "is not", null)
    .orderBy("ended_at", "desc")
    .limit(RECENT_CALLS)
    .execute();
  if (recent.length === 0) return DEFAULT_CALL_SECONDS;
  return recent.reduce((sum, row) => sum + Number(row.seconds), 0) / recent.length;
}

export async function expectedWaitSeconds(db: Queryable, position: number): Promise<number> {
  if (position <= 0) return 0;
  return Math.round(position * (await meanCallSeconds(db)));
}

/** What the console's queue shows: open calls oldest first, with the session they belong to. */
export function listOpenCalls(db: Queryable) {
  return db
    .selectFrom("video_calls")
    .innerJoin("sessions", "sessions.id", "video_calls.session_id")
    .innerJoin("tenants", "tenants.id", "video_calls.tenant_id")
    .select([
      "video_calls.id",
      "video_calls.tenant_id",
      "tenants.name as tenant_name",
      "video_calls.session_id",
      "sessions.vendor_data",
      "sessions.locale",
      "video_calls.status",
      "video_calls.created_at",
      "video_calls.operator_id",
    ])
    .where("video_calls.status", "in", ["waiting", "ringing", "active"])
    .where("sessions.deleted_at", "is", null)
    .orderBy("video_calls.created_at")
    .limit(200)
    .execute();
}
