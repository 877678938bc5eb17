// Identities flagged by ongoing AML monitoring (src/identities/aml-monitoring/), across tenants, oldest flag
// first: the other half of the review queue. Each carries the new hits the sweep announced (from its audit
// row) and the identity's latest session, where the officer sees the evidence.
import { sql } from "kysely";
import { FLAGGED_EVENT } from "../../identities/aml-monitoring/flagged-event.js";
import type { Queryable } from "../../platform/db/transaction.js";

export interface MonitoringFlag {
  individual_id: string;
  tenant_id: string;
  tenant_name: string;
  external_user_id: string | null;
  full_name: string | null;
  screened_name: string | null;
  aml_status: string;
  flagged_at: string;
  new_matches: { entity_id: string; name: string; score: number; lists: string[] }[];
  latest_session_id: string | null;
}

interface FlagRow {
  id: string;
  tenant_id: string;
  tenant_name: string;
  external_user_id: string | null;
  full_name: string | null;
  screened_name: string | null;
  aml_status: string;
  flagged_at: Date;
  matches: MonitoringFlag["new_matches"] | null;
  latest_session_id: string | null;
  total: number;
}

export async function listMonitoringFlags(
  db: Queryable,
  page: { limit: number; offset: number; search?: string },
): Promise<{ entries: MonitoringFlag[]; total: number }> {
  // The queue's search box: external_user_id (vendor_data) or name, any case, or a whole identity id.
  const search = page.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const result = await sql<FlagRow>`
    SELECT i.id, i.tenant_id, t.name AS tenant_name, i.external_user_id, i.full_name,
           i.aml_monitoring ->> 'full_name' AS screened_name, i.aml_status,
           coalesce(flag.created_at, i.updated_at) AS flagged_at, flag.data -> 'matches' AS matches,
           (SELECT s.id FROM sessions s WHERE s.tenant_id = i.tenant_id AND s.individual_id = i.id
             AND s.deleted_at IS NULL ORDER BY s.created_at DESC LIMIT 1) AS latest_session_id,
           count(*) OVER ()::int AS total
    FROM individuals i
    JOIN tenants t ON t.id = i.tenant_id
    LEFT JOIN LATERAL (
      SELECT a.created_at, a.data FROM audit_log a
      WHERE a.tenant_id = i.tenant_id AND a.action = ${FLAGGED_EVENT} AND a.target = i.id::text
      ORDER BY a.created_at DESC LIMIT 1
    ) flag ON true
    WHERE i.status = 'flagged'
      AND (${pattern}::text IS NULL OR i.external_user_id ILIKE ${pattern} OR i.full_name ILIKE ${pattern}
           OR i.aml_monitoring ->> 'full_name' ILIKE ${pattern} OR i.id::text = ${search ?? ""})
    ORDER BY flagged_at ASC, i.id ASC
    LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  const total = result.rows[0]?.total ?? (page.offset > 0 && !search ? await countFlags(db) : 0);
  return {
    total,
    entries: result.rows.map((row) => ({
      individual_id: row.id,
      tenant_id: row.tenant_id,
      tenant_name: row.tenant_name,
      external_user_id: row.external_user_id,
      full_name: row.full_name,
      screened_name: row.screened_name,
      aml_status: row.aml_status,
      flagged_at: new Date(row.flagged_at).toISOString(),
      new_matches: (row.matches ?? []).map(({ entity_id, name, score, lists }) => ({
        entity_id,
        name,
        score,
        lists,
      })),
      latest_session_id: row.latest_session_id,
    })),
  };
}

async function countFlags(db: Queryable): Promise<number> {
  const row = await db
    .selectFrom("individuals")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("status", "=", "flagged")
    .executeTakeFirstOrThrow();
  return row.n;
}
