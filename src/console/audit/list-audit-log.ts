// The audit log as the console shows it: newest first, filtered by actor (an operator is `operator:<email>`,
// the service itself `system`), action (a prefix: `session` matches `session.review`…), tenant and creation
// day, paged by offset, with the total for the filter.
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { isUuid } from "../../platform/ids.js";

export interface AuditLogQuery {
  actor?: string;
  action?: string;
  tenantId?: string;
  /** YYYY-MM-DD (UTC), inclusive. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

export interface AuditLogEntry {
  id: string;
  created_at: string;
  actor: string;
  action: string;
  target: string;
  tenant_id: string | null;
  tenant_name: string | null;
  data: Record<string, unknown>;
}

export async function listAuditLog(
  db: Queryable,
  query: AuditLogQuery,
): Promise<{ entries: AuditLogEntry[]; total: number }> {
  let scoped = db.selectFrom("audit_log").leftJoin("tenants", "tenants.id", "audit_log.tenant_id");
  if (query.actor) scoped = scoped.where("audit_log.actor", "=", query.actor.trim().toLowerCase());
  if (query.action) {
    const prefix = query.action.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
    scoped = scoped.where("audit_log.action", "like", `${prefix}%`);
  }
  if (query.tenantId) {
    // A malformed tenant id matches nothing, like an unknown one.
    scoped = isUuid(query.tenantId)
      ? scoped.where("audit_log.tenant_id", "=", query.tenantId)
      : scoped.where(sql<boolean>`false`);
  }
  if (query.from) scoped = scoped.where("audit_log.created_at", ">=", new Date(`${query.from}T00:00:00Z`));
  if (query.to) {
    scoped = scoped.where(
      "audit_log.created_at",
      "<",
      sql<Date>`${`${query.to}T00:00:00Z`}::timestamptz + interval '1 day'`,
    );
  }
  const counted = await scoped.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
  const rows = await scoped
    .select([
      "audit_log.id",
      "audit_log.created_at",
      "audit_log.actor",
      "audit_log.action",
      "audit_log.target",
      "audit_log.tenant_id",
      "tenants.name as tenant_name",
      "audit_log.data",
    ])
    .orderBy("audit_log.created_at", "desc")
    .orderBy("audit_log.id", "desc")
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return {
    total: counted.n,
    entries: rows.map((row) => ({
      id: row.id,
      created_at: row.created_at.toISOString(),
      actor: row.actor,
      action: row.action,
      target: row.target,
      tenant_id: row.tenant_id,
      tenant_name: row.tenant_name,
      data: (typeof row.data === "string" ? JSON.parse(row.data) : row.data) as Record<string, unknown>,
    })),
  };
}
