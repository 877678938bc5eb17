// Operator tags on a session (spec: /v3/session/{id}/tags/): a sorted set of short strings.
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { findSession } from "./find-session.js";

export async function listSessionTags(db: Queryable, tenantId: string, sessionId: string) {
  const session = await findSession(db, tenantId, sessionId);
  return { session_id: session.id, tags: session.tags };
}

/** Adds or removes one tag in a single statement, so concurrent changes never lose each other's tags. */
export async function changeSessionTag(
  db: Queryable,
  tenantId: string,
  sessionId: string,
  change: { add: string } | { remove: string },
) {
  const session = await findSession(db, tenantId, sessionId);
  const tags =
    "add" in change
      ? sql<
          string[]
        >`(SELECT array_agg(DISTINCT t ORDER BY t) FROM unnest(array_append(tags, ${change.add}::text)) AS t)`
      : sql<string[]>`array_remove(tags, ${change.remove}::text)`;
  const updated = await db
    .updateTable("sessions")
    .set({ tags, updated_at: sql`now()` })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", session.id)
    .returning("tags")
    .executeTakeFirstOrThrow();
  return { session_id: session.id, tags: updated.tags };
}
