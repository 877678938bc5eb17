// Operator tags on a session (spec: /v3/session/{id}/tags/): a sorted set of short strings.
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { findSession } from "./find-session.js";

/** Documented limit (README: Limits): 64 characters per tag, 50 tags per session. */
const MAX_TAGS_PER_SESSION = 50;

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
  if ("add" in change && !session.tags.includes(change.add) && session.tags.length >= MAX_TAGS_PER_SESSION) {
    throw new AppError("validation_failed", {
      detail: "invalid_tag",
      field: "tag",
      message: `A session holds at most ${MAX_TAGS_PER_SESSION} tags.`,
    });
  }
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
