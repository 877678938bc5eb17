// POST /api/v1/lists/check and the flow's form evaluation share this lookup: one probe of the
// (tenant_id, type, value) index per supplied value, over active lists only.
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import type { BlocklistMatch, RiskListAction, RiskListType } from "../partner-tables.js";
import { normalizeEntryValue, RISK_LIST_TYPES } from "./normalize-entry-value.js";

export type CheckValues = Partial<Record<RiskListType, string>>;

export interface ListHit {
  list_id: string;
  list_name: string;
  type: RiskListType;
  value: string;
}

/** Normalizes the supplied values and returns every active list of the tenant holding one of them. */
export async function findListHits(db: Queryable, tenantId: string, values: CheckValues): Promise<ListHit[]> {
  const probes = RISK_LIST_TYPES.flatMap((type) => {
    const raw = values[type];
    const value = typeof raw === "string" ? normalizeEntryValue(type, raw) : "";
    return value ? [{ type, value }] : [];
  });
  if (probes.length === 0) return [];
  return db
    .selectFrom("risk_list_entries as e")
    .innerJoin("risk_lists as l", "l.id", "e.list_id")
    .select(["l.id as list_id", "l.name as list_name", "e.type", "e.value"])
    .where("e.tenant_id", "=", tenantId)
    .where((eb) => eb.or(probes.map((p) => eb.and([eb("e.type", "=", p.type), eb("e.value", "=", p.value)]))))
    .where("l.is_active", "=", true)
    .orderBy("l.created_at")
    .execute();
}

export interface CheckResult {
  ok: true;
  matched: boolean;
  action: RiskListAction | null;
}

/**
 * spec: the check never reveals which list matched. The list has no action of its own (flows attach one), so
 * the action is the strictest one any active flow gives a matched list; a list no active flow uses is a
 * blocklist and answers `reject`.
 */
export async function checkRiskLists(
  db: Queryable,
  tenantId: string,
  values: CheckValues,
): Promise<CheckResult> {
  const hits = await findListHits(db, tenantId, values);
  if (hits.length === 0) return { ok: true, matched: false, action: null };
  const listIds = [...new Set(hits.map((hit) => hit.list_id))];
  const actions = await db
    .selectFrom("partner_flow_lists as fl")
    .innerJoin("partner_flows as f", "f.id", "fl.flow_id")
    .select("fl.action")
    .where("fl.tenant_id", "=", tenantId)
    .where("fl.list_id", "in", listIds)
    .where("f.is_active", "=", true)
    .execute();
  const manualOnly = actions.length > 0 && actions.every((row) => row.action === "manual_review");
  return { ok: true, matched: true, action: manualOnly ? "manual_review" : "reject" };
}

/** The flow's form evaluation: the strictest match among the flow's own active lists, or null. */
export async function matchFlowLists(
  db: Queryable,
  tenantId: string,
  flowId: string,
  values: CheckValues,
): Promise<BlocklistMatch | null> {
  const hits = await findListHits(db, tenantId, values);
  if (hits.length === 0) return null;
  const links = await db
    .selectFrom("partner_flow_lists")
    .select(["list_id", "action"])
    .where("tenant_id", "=", tenantId)
    .where("flow_id", "=", flowId)
    .where(
      "list_id",
      "in",
      hits.map((hit) => hit.list_id),
    )
    .execute();
  const actionOf = new Map(links.map((link) => [link.list_id, link.action]));
  const matches = hits.flatMap((hit) => {
    const action = actionOf.get(hit.list_id);
    return action
      ? [
          {
            blocklist_id: hit.list_id,
            blocklist_name: hit.list_name,
            block_type: hit.type,
            value: hit.value,
            action,
          },
        ]
      : [];
  });
  return matches.find((match) => match.action === "reject") ?? matches[0] ?? null;
}

/** The plan of the check query, for the index test and the benchmark. */
export async function explainCheck(
  db: Queryable,
  tenantId: string,
  type: RiskListType,
  value: string,
): Promise<string> {
  const compiled = db
    .selectFrom("risk_list_entries as e")
    .innerJoin("risk_lists as l", "l.id", "e.list_id")
    .select(["l.id as list_id"])
    .where("e.tenant_id", "=", tenantId)
    .where((eb) => eb.or([eb.and([eb("e.type", "=", type), eb("e.value", "=", value)])]))
    .where("l.is_active", "=", true)
    .compile();
  const plan = await sql
    .raw<{ "QUERY PLAN": string }>(`EXPLAIN ${inline(compiled.sql, compiled.parameters)}`)
    .execute(db);
  return plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
}

function inline(text: string, parameters: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n) => {
    const value = parameters[Number(n) - 1];
    return typeof value === "boolean" ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}
