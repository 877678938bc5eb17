// POST /v3/session/ domain: the session, its identity link, its reference evidence, its SESSION_CREATE debit
// and its idempotency record commit together (spec: rule 2, Authentication 6, Limits).
import { sql } from "kysely";
import { decodeImageField } from "../../engines/image/decode-image-field.js";
import { recordAudit } from "../../platform/audit.js";
import { debit } from "../../platform/credits/ledger.js";
import { explicitRateQuery, rateOrDefault } from "../../platform/credits/rates.js";
import { withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { newId, sha256Hex } from "../../platform/ids.js";
import { saveEvidence } from "../../platform/media/evidence.js";
import { assertFeaturesEnabled } from "../../platform/tenants/entitlements.js";
import type { Services } from "../../services.js";
import { sessionTokenHash, sessionUrlToken } from "../applicant/session-token.js";
import { moduleFor } from "../modules/registry.js";
import { liveWorkflow, workflowForSessionQuery } from "../workflows/workflows.js";
import {
  type CreateSessionBody,
  type CreateSessionResponse,
  pickPrefill,
  SUPPORTED_LOCALES,
} from "./session-input.js";
import { insertSessionRows, type SessionWrite, type WrittenSession } from "./session-rows.js";
import { writeSessionBatched } from "./session-write-batch.js";

export interface CreateSessionOptions {
  idempotencyKey?: string;
  applicationId?: string | null;
  /** Partner applications pay their own debit; their verification session is not charged again. */
  charge?: boolean;
  /**
   * A test session (created with a test key, design: Sandbox): no debit and no ledger row, no identity
   * link (so nothing is enrolled in the face gallery or AML monitoring), seen only by test keys.
   */
  test?: boolean;
  /** Who made it when not the tenant's API key (a console operator): session log and audit row name them. */
  actor?: { actor: string; auditAction: string };
}

export async function createSession(
  services: Services,
  tenantId: string,
  body: CreateSessionBody,
  options: CreateSessionOptions = {},
): Promise<CreateSessionResponse> {
  const key = options.idempotencyKey;
  if (key !== undefined && (key.length === 0 || key.length > 128)) {
    // spec: Limits — Idempotency-Key up to 128 characters.
    throw new AppError("idempotency_key_too_long", { detail: "invalid_idempotency_key" });
  }
  const requestHash = sha256Hex(JSON.stringify(body));
  // A test key's Idempotency-Key never answers with a live session's response, nor the reverse.
  const idempotencyScope = options.test ? "session_create_test" : "session_create";
  const charge = (options.charge ?? true) && !options.test;
  // One read: the workflow, the SESSION_CREATE rate set in the database and the tenant's features, as
  // workflowForSession, explicitRateFor and enabledFeatures answer them (not inside the transaction).
  const row = liveWorkflow(
    await workflowForSessionQuery(services.db, tenantId, body.workflow_id)
      .select([
        sql<string | null>`(${explicitRateQuery(services.db, tenantId, "SESSION_CREATE")})`.as(
          "explicit_rate",
        ),
        sql<
          string[]
        >`array(${services.db.selectFrom("tenant_features").select("feature").where("tenant_id", "=", tenantId)})`.as(
          "features",
        ),
      ])
      .executeTakeFirst(),
  );
  const { explicit_rate: explicitRate, features: enabled, ...workflow } = row;
  const rate = charge ? rateOrDefault(explicitRate, "SESSION_CREATE") : null;
  // Every module the workflow runs must be enabled for the tenant (403 lists each disabled key).
  const needed = workflow.nodes
    .filter((node) => node.enabled)
    .flatMap((node) => moduleFor(node.feature)?.entitlements(node) ?? [node.feature]);
  assertFeaturesEnabled(enabled, [...new Set(needed)]);
  // Reference images are decoded before the transaction: bad input is a 400 and nothing is written.
  const references = await decodeReferences(body.reference);

  const test = options.test ?? false;
  // The id is chosen here because the URL token is derived from it (applicant/session-token.ts).
  const sessionId = newId();
  const token = sessionUrlToken(services.config, sessionId);
  const write: SessionWrite = {
    id: sessionId,
    tenantId,
    workflow,
    tokenHash: sessionTokenHash(token),
    vendorData: body.vendor_data ?? null,
    reference: body.reference,
    applicationId: options.applicationId ?? null,
    callbackUrl: body.callback_url ?? null,
    contactEmail: body.contact_email ?? null,
    contactPhone: body.contact_phone ?? null,
    locale: (SUPPORTED_LOCALES as readonly string[]).includes(body.locale ?? "") ? body.locale! : "en",
    metadata: body.metadata ?? {},
    prefill: pickPrefill(body.prefill),
    idempotencyKey: key ?? null,
    test,
    rate,
    expiresInHours: body.expires_in_hours ?? 48,
    actor: options.actor?.actor ?? "api",
  };
  const respond = (session: WrittenSession): CreateSessionResponse => ({
    id: session.id,
    session_kind: session.session_kind,
    status: session.status,
    url: `${services.config.flowUrl}/verify/${token}`,
    vendor_data: session.vendor_data,
    decision: session.decision,
    expires_at: session.expires_at.toISOString(),
    created_at: session.created_at.toISOString(),
    // design: Sandbox — only a test session is marked; a live response keeps exactly the spec's fields.
    ...(test ? { test: true } : {}),
  });
  // The common create (no Idempotency-Key, no reference images, no operator) shares a transaction with
  // the tenant's concurrent creates (session-write-batch.ts); the rest write their extra rows around it.
  if (key === undefined && !body.reference && !options.actor) {
    return respond(await writeSessionBatched(services.db, write));
  }

  return withTransaction(services.db, async (tx) => {
    if (key !== undefined) {
      // A concurrent twin blocks on this insert until the first commits, then finds its response.
      const claimed = await tx
        .insertInto("idempotency_keys")
        .values({ tenant_id: tenantId, scope: idempotencyScope, key, request_hash: requestHash })
        .onConflict((oc) => oc.columns(["tenant_id", "scope", "key"]).doNothing())
        .returning("key")
        .executeTakeFirst();
      if (!claimed) {
        const previous = await tx
          .selectFrom("idempotency_keys")
          .select(["request_hash", "response", "created_at"])
          .where("tenant_id", "=", tenantId)
          .where("scope", "=", idempotencyScope)
          .where("key", "=", key)
          .executeTakeFirstOrThrow();
        if (previous.request_hash !== requestHash) {
          throw new AppError("idempotency_key_reused", { detail: "idempotency_key_reused" });
        }
        if (!previous.response) throw new AppError("idempotency_in_progress");
        // The stored copy has no URL (its token is a credential); it is derived again from the id.
        const stored = previous.response as CreateSessionResponse;
        return {
          ...stored,
          url: `${services.config.flowUrl}/verify/${sessionUrlToken(services.config, stored.id)}`,
        };
      }
    }

    const [session] = await insertSessionRows(tx, tenantId, [write], { debit: false });
    const individualId = session!.individualId;

    if (body.reference) {
      // The reference images are kept as evidence; the session stores their paths, never the bytes.
      const reference: Record<string, unknown> = {
        authenticated: body.reference.authenticated ?? false,
        ...(body.reference.vendor_identity ? { vendor_identity: body.reference.vendor_identity } : {}),
      };
      for (const [name, image] of Object.entries(references)) {
        const saved = await saveEvidence(tx, services.media, {
          tenantId,
          sessionId,
          individualId,
          kind: `reference_${name}`,
          bytes: image.bytes,
          contentType: image.mime,
        });
        reference[`${name}_path`] = saved.path;
      }
      await tx
        .updateTable("sessions")
        .set({ reference: JSON.stringify(reference) })
        .where("id", "=", sessionId)
        .execute();
    }

    if (options.actor) {
      await recordAudit(tx, {
        tenantId,
        actor: options.actor.actor,
        action: options.actor.auditAction,
        target: sessionId,
      });
    }
    // Last: the debit locks the tenant's row until commit, and every session of the tenant waits on it.
    if (rate !== null) {
      await debit(tx, {
        tenantId,
        feature: "SESSION_CREATE",
        reason: "session_create",
        sessionId,
        workflowId: workflow.id,
        applicationId: options.applicationId ?? undefined,
        amount: rate,
      });
    }

    const response = respond(session!);
    if (key !== undefined) {
      await tx
        .updateTable("idempotency_keys")
        .set({ response: JSON.stringify({ ...response, url: "" }), resource_id: sessionId })
        .where("tenant_id", "=", tenantId)
        .where("scope", "=", idempotencyScope)
        .where("key", "=", key)
        .execute();
    }
    return response;
  });
}

type DecodedReference = { bytes: Buffer; mime: string };

async function decodeReferences(
  reference: CreateSessionBody["reference"],
): Promise<Record<string, DecodedReference>> {
  const decoded: Record<string, DecodedReference> = {};
  if (!reference) return decoded;
  for (const name of ["face_image", "document_image", "signature_image"] as const) {
    const value = reference[name];
    if (value === undefined || value === "") continue;
    const image = await decodeImageField(value, name);
    decoded[name] = { bytes: image.bytes, mime: image.mime };
  }
  return decoded;
}
