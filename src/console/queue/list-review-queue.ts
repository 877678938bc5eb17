// The console's review queue: sessions across every tenant (operators are not tenant-bound), held in review
// by default, oldest first, each with the reasons it is held and what it can be found by.
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { isUuid } from "../../platform/ids.js";

export interface ReviewQueueQuery {
  /**
   * Matches vendor_data or the applicant's name (substring, any case) or a whole session id. The name is
   * the prefill's, one read from a document, or one the applicant typed (confirm details, AML screen).
   */
  search?: string;
  /** Default in_review; `any` lists every status. */
  status: string;
  /** Created on or after this day (YYYY-MM-DD, UTC). */
  createdFrom?: string;
  /** Created on or before this day (YYYY-MM-DD, UTC). */
  createdTo?: string;
  limit: number;
  offset?: number;
}

export interface QueueEntry {
  session_id: string;
  tenant_id: string;
  tenant_name: string;
  status: string;
  vendor_data: string | null;
  reasons: string[];
  created_at: string;
  updated_at: string;
}

export async function listReviewQueue(
  db: Queryable,
  query: ReviewQueueQuery,
): Promise<{ entries: QueueEntry[]; total: number }> {
  let scoped = db
    .selectFrom("sessions")
    .innerJoin("tenants", "tenants.id", "sessions.tenant_id")
    .where("sessions.deleted_at", "is", null);
  if (query.status !== "any") scoped = scoped.where("sessions.status", "=", query.status);
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    scoped = scoped.where((eb) =>
      eb.or([
        ...(isUuid(search) ? [eb("sessions.id", "=", search)] : []),
        eb("sessions.vendor_data", "ilike", pattern),
        eb(sql<string>`sessions.prefill ->> 'full_name'`, "ilike", pattern),
        eb.exists(
          eb
            .selectFrom("session_nodes as n")
            .select(sql`1`.as("one"))
            .whereRef("n.session_id", "=", "sessions.id")
            .where((node) =>
              node.or([
                node(sql<string>`n.result -> 'data' -> 'fields' ->> 'full_name'`, "ilike", pattern),
                node(
                  sql<string>`concat_ws(' ', n.result -> 'data' -> 'fields' ->> 'given_names', n.result -> 'data' -> 'fields' ->> 'surname')`,
                  "ilike",
                  pattern,
                ),
                node(sql<string>`n.captures ->> 'full_name'`, "ilike", pattern),
              ]),
            ),
        ),
      ]),
    );
  }
  if (query.createdFrom)
    scoped = scoped.where("sessions.created_at", ">=", new Date(`${query.createdFrom}T00:00:00Z`));
  if (query.createdTo) {
    scoped = scoped.where(
      "sessions.created_at",
      "<",
      sql<Date>`${`${query.createdTo}T00:00:00Z`}::timestamptz + interval '1 day'`,
    );
  }
  const counted = await scoped.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
  const rows = await scoped
    .select([
      "sessions.id",
      "sessions.tenant_id",
      "tenants.name as tenant_name",
      "sessions.status",
      "sessions.vendor_data",
      "sessions.decision_reason",
      "sessions.created_at",
      "sessions.updated_at",
    ])
    .orderBy("sessions.created_at", "asc")
    .orderBy("sessions.id", "asc")
    .limit(query.limit)
    .offset(query.offset ?? 0)
    .execute();
  const warnings = await nodeWarnings(
    db,
    rows.map((row) => row.id),
  );
  const entries = rows.map((row) => ({
    session_id: row.id,
    tenant_id: row.tenant_id,
    tenant_name: row.tenant_name,
    status: row.status,
    vendor_data: row.vendor_data,
    reasons: [...new Set([...(row.decision_reason?.split(",") ?? []), ...(warnings.get(row.id) ?? [])])],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }));
  return { entries, total: counted.n };
}

/** Warnings of the nodes that held or declined each session. */
async function nodeWarnings(db: Queryable, ids: string[]): Promise<Map<string, string[]>> {
  const byId = new Map<string, string[]>();
  if (ids.length === 0) return byId;
  const nodes = await db
    .selectFrom("session_nodes")
    .select(["session_id", "result"])
    .where("session_id", "in", ids)
    .orderBy("position")
    .execute();
  for (const node of nodes) {
    if (!node.result || node.result.status === "approved") continue;
    byId.set(node.session_id, [...(byId.get(node.session_id) ?? []), ...node.result.warnings]);
  }
  return byId;
}
