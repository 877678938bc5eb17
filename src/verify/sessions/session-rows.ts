// The rows a new session writes — its identity link, the session, its nodes, its `session.created` event
// and its SESSION_CREATE debit — as multi-row statements, so one transaction can write one session or a
// batch of them (session-write-batch.ts) in the same number of round trips.
import { sql } from "kysely";
import type { Tx } from "../../platform/db/transaction.js";
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
 * Inserts the sessions (not their debit: see debitSessions), in order. Writes with the same vendor_data
 * must not share a call (one statement cannot upsert the same identity row twice).
 */
export async function insertSessionRows(tx: Tx, writes: SessionWrite[]): Promise<WrittenSession[]> {
  if (writes.length === 0) return [];
  // Test sessions never link an identity (design: Sandbox).
  const linked = writes.filter((write) => !write.test && write.vendorData);
  const individuals = new Map<string, string>();
  if (linked.length > 0) {
    const rows = await tx
      .insertInto("individuals")
      .values(
        linked.map((write) => ({
          tenant_id: write.tenantId,
          external_user_id: write.vendorData,
          vendor_authenticated: write.reference !== undefined,
          vendor_identity: write.reference?.vendor_identity
            ? JSON.stringify(write.reference.vendor_identity)
            : null,
        })),
      )
      .onConflict((oc) =>
        oc.columns(["tenant_id", "external_user_id"]).where("external_user_id", "is not", null).doUpdateSet({
          vendor_authenticated: sql`individuals.vendor_authenticated OR excluded.vendor_authenticated`,
          vendor_identity: sql`coalesce(excluded.vendor_identity, individuals.vendor_identity)`,
          updated_at: sql`now()`,
        }),
      )
      .returning(["id", "tenant_id", "external_user_id"])
      .execute();
    for (const row of rows) individuals.set(`${row.tenant_id}\n${row.external_user_id}`, row.id);
  }
  const individualOf = (write: SessionWrite) =>
    !write.test && write.vendorData
      ? (individuals.get(`${write.tenantId}\n${write.vendorData}`) ?? null)
      : null;

  const sessions = await tx
    .insertInto("sessions")
    .values(
      writes.map((write) => ({
        id: write.id,
        tenant_id: write.tenantId,
        workflow_id: write.workflow.id,
        workflow_snapshot: JSON.stringify({
          id: write.workflow.id,
          name: write.workflow.name,
          nodes: write.workflow.nodes,
        }),
        individual_id: individualOf(write),
        application_id: write.applicationId,
        token_hash: write.tokenHash,
        vendor_data: write.vendorData,
        callback_url: write.callbackUrl,
        contact_email: write.contactEmail,
        contact_phone: write.contactPhone,
        locale: write.locale,
        metadata: JSON.stringify(write.metadata),
        prefill: JSON.stringify(write.prefill),
        idempotency_key: write.idempotencyKey,
        test: write.test,
        ...(write.rate !== null ? { credits_charged: write.rate } : {}),
        expires_at: sql<Date>`now() + ${`${write.expiresInHours} hours`}::interval`,
      })),
    )
    .returning(["id", "session_kind", "status", "decision", "vendor_data", "expires_at", "created_at"])
    .execute();
  const byId = new Map(sessions.map((row) => [row.id, row]));

  const nodes = writes.flatMap((write) =>
    write.workflow.nodes
      .filter((node) => node.enabled)
      .map((node, position) => ({
        session_id: write.id,
        tenant_id: write.tenantId,
        node_id: node.id,
        feature: node.feature,
        position,
      })),
  );
  if (nodes.length > 0) await tx.insertInto("session_nodes").values(nodes).execute();

  await tx
    .insertInto("session_events")
    .values(
      writes.map((write) => ({
        tenant_id: write.tenantId,
        session_id: write.id,
        type: "session.created",
        actor: write.actor,
        data: JSON.stringify({}),
      })),
    )
    .execute();

  return writes.map((write) => ({ ...byId.get(write.id)!, individualId: individualOf(write) }));
}

/**
 * The SESSION_CREATE debits of sessions of one tenant: one balance update for their sum and one ledger row
 * each (none for a free one). A balance that cannot cover the sum throws 402 insufficient_credits and
 * changes nothing. The tenant's row stays locked until commit: call it last.
 */
export async function debitSessions(tx: Tx, tenantId: string, writes: SessionWrite[]): Promise<void> {
  const charged = writes.filter((write) => write.rate !== null);
  if (charged.length === 0) return;
  if (charged.some((write) => write.tenantId !== tenantId)) throw new Error("debitSessions: one tenant");
  const ids = charged.map((write) => write.id);
  const amounts = charged.map((write) => write.rate!);
  const workflows = charged.map((write) => write.workflow.id);
  const applications = charged.map((write) => write.applicationId ?? "");
  const result = await sql<{ credit_balance: string }>`
    WITH charge AS (
      SELECT * FROM unnest(${ids}::text[], ${amounts}::numeric[], ${workflows}::uuid[], ${applications}::text[])
        AS c(session_id, amount, workflow_id, application_id)
    ), updated AS (
      UPDATE tenants SET credit_balance = credit_balance - (SELECT sum(amount) FROM charge)
      WHERE id = ${tenantId} AND credit_balance >= (SELECT sum(amount) FROM charge)
      RETURNING credit_balance
    ), entry AS (
      INSERT INTO credit_ledger (tenant_id, delta, reason, feature, session_id, application_id, workflow_id)
      SELECT ${tenantId}::uuid, -charge.amount, 'session_create', 'SESSION_CREATE', charge.session_id,
        charge.application_id, charge.workflow_id
      FROM charge, updated WHERE charge.amount <> 0
      RETURNING id
    )
    SELECT credit_balance FROM updated`.execute(tx);
  if (result.rows.length === 0) throw new AppError("insufficient_credits");
}
