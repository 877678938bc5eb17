// The rows a new session writes — its identity link, the session, its nodes, its `session.created` event
// and its SESSION_CREATE debit — as multi-row statements, so one transaction can write one session or a
// batch of them (session-write-batch.ts) in the same number of round trips.
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import type { WorkflowNode } from "../modules/module.js";

export interface SessionWrite {
  /** Chosen by the caller: the URL token is derived from it (applicant/session-token.ts). */
  id: string;
  tenantId: string;
  workflow: { id: string; name: string; nodes: WorkflowNode[] };
  tokenHash: string;
  vendorData: string | null;
  /** Set when `reference` was sent: the identity is vendor-authenticated. */
  reference: { authenticated?: boolean; vendor_identity?: Record<string, unknown> } | undefined;
  applicationId: string | null;
  callbackUrl: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  locale: string;
  metadata: Record<string, unknown>;
  prefill: Record<string, unknown>;
  idempotencyKey: string | null;
  test: boolean;
  /** The SESSION_CREATE price; null: not charged (test session, partner application). */
  rate: string | null;
  expiresInHours: number;
  /** Who created it, for the session log (`api` or a console operator). */
  actor: string;
}

export interface WrittenSession {
  id: string;
  session_kind: string;
  status: string;
  decision: string;
  vendor_data: string | null;
  expires_at: Date;
  created_at: Date;
  individualId: string | null;
}

/**
 * Writes new sessions of one tenant — identity links, sessions, nodes, `session.created` events and, with
 * `debit`, their SESSION_CREATE charge — in ONE statement (data-modifying CTEs), so outside a transaction
 * it is one round trip and atomic, and the tenant's row is locked only while it runs. A balance that
 * cannot cover the sum writes nothing and throws 402 insufficient_credits. Without `debit` the caller
 * charges later in its transaction (ledger.ts `debit`). Writes with the same vendor_data must not share a call
 * (one statement cannot upsert an identity row twice). Results are in the order of `writes`.
 */
export async function insertSessionRows(
  db: Queryable,
  tenantId: string,
  writes: SessionWrite[],
  options: { debit: boolean },
): Promise<WrittenSession[]> {
  if (writes.length === 0) return [];
  if (writes.some((write) => write.tenantId !== tenantId)) throw new Error("insertSessionRows: one tenant");
  const input = JSON.stringify(
    writes.map((write) => ({
      id: write.id,
      workflow_id: write.workflow.id,
      workflow_snapshot: { id: write.workflow.id, name: write.workflow.name, nodes: write.workflow.nodes },
      application_id: write.applicationId,
      token_hash: write.tokenHash,
      vendor_data: write.vendorData,
      // Test sessions never link an identity (design: Sandbox).
      link: !write.test && write.vendorData !== null,
      vendor_authenticated: write.reference !== undefined,
      vendor_identity: write.reference?.vendor_identity ?? null,
      callback_url: write.callbackUrl,
      contact_email: write.contactEmail,
      contact_phone: write.contactPhone,
      locale: write.locale,
      metadata: write.metadata,
      prefill: write.prefill,
      idempotency_key: write.idempotencyKey,
      test: write.test,
      rate: write.rate,
      expires_in_hours: write.expiresInHours,
      actor: write.actor,
      nodes: write.workflow.nodes
        .filter((node) => node.enabled)
        .map((node, position) => ({ node_id: node.id, feature: node.feature, position })),
    })),
  );
  const result = await sql<Omit<WrittenSession, "individualId"> & { individual_id: string | null }>`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${input}::jsonb) AS i(
        id uuid, workflow_id uuid, workflow_snapshot jsonb, application_id uuid, token_hash text,
        vendor_data text, link boolean, vendor_authenticated boolean, vendor_identity jsonb,
        callback_url text, contact_email text, contact_phone text, locale text, metadata jsonb, prefill jsonb,
        idempotency_key text, test boolean, rate numeric, expires_in_hours integer, actor text, nodes jsonb)
    ), charge AS (
      SELECT sum(rate) AS total FROM input WHERE ${options.debit}::boolean AND rate IS NOT NULL
    ), updated AS (
      UPDATE tenants SET credit_balance = credit_balance - (SELECT total FROM charge)
      WHERE id = ${tenantId} AND (SELECT total FROM charge) IS NOT NULL
        AND credit_balance >= (SELECT total FROM charge)
      RETURNING credit_balance
    ), allowed AS (
      SELECT (SELECT total FROM charge) IS NULL OR EXISTS (SELECT 1 FROM updated) AS ok
    ), ind AS (
      INSERT INTO individuals (tenant_id, external_user_id, vendor_authenticated, vendor_identity)
      SELECT ${tenantId}, i.vendor_data, i.vendor_authenticated, i.vendor_identity
      FROM input i, allowed WHERE allowed.ok AND i.link
      ON CONFLICT (tenant_id, external_user_id) WHERE external_user_id IS NOT NULL DO UPDATE SET
        vendor_authenticated = individuals.vendor_authenticated OR excluded.vendor_authenticated,
        vendor_identity = coalesce(excluded.vendor_identity, individuals.vendor_identity),
        updated_at = now()
      RETURNING id, external_user_id
    ), written AS (
      INSERT INTO sessions (id, tenant_id, workflow_id, workflow_snapshot, individual_id, application_id,
        token_hash, vendor_data, callback_url, contact_email, contact_phone, locale, metadata, prefill,
        idempotency_key, test, credits_charged, expires_at)
      SELECT i.id, ${tenantId}, i.workflow_id, i.workflow_snapshot, ind.id, i.application_id, i.token_hash,
        i.vendor_data, i.callback_url, i.contact_email, i.contact_phone, i.locale, i.metadata, i.prefill,
        i.idempotency_key, i.test, coalesce(i.rate, 0), now() + make_interval(hours => i.expires_in_hours)
      FROM input i CROSS JOIN allowed LEFT JOIN ind ON i.link AND ind.external_user_id = i.vendor_data
      WHERE allowed.ok
      RETURNING id, session_kind, status, decision, vendor_data, expires_at, created_at, individual_id
    ), nodes AS (
      INSERT INTO session_nodes (session_id, tenant_id, node_id, feature, position)
      SELECT i.id, ${tenantId}, node->>'node_id', node->>'feature', (node->>'position')::integer
      FROM input i, allowed, jsonb_array_elements(i.nodes) node WHERE allowed.ok
    ), events AS (
      INSERT INTO session_events (tenant_id, session_id, type, actor, data)
      SELECT ${tenantId}, i.id, 'session.created', i.actor, '{}'::jsonb FROM input i, allowed WHERE allowed.ok
    ), entry AS (
      INSERT INTO credit_ledger (tenant_id, delta, reason, feature, session_id, application_id, workflow_id)
      SELECT ${tenantId}, -i.rate, 'session_create', 'SESSION_CREATE', i.id::text,
        coalesce(i.application_id::text, ''), i.workflow_id
      FROM input i, updated WHERE i.rate IS NOT NULL AND i.rate <> 0
    )
    SELECT * FROM written`.execute(db);
  if (result.rows.length === 0) throw new AppError("insufficient_credits");
  const byId = new Map(result.rows.map((row) => [row.id, row]));
  return writes.map((write) => {
    const { individual_id, ...row } = byId.get(write.id)!;
    return { ...row, individualId: individual_id };
  });
}
