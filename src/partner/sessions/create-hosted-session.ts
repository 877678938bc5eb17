// POST /api/v1/sessions/ (spec: Partner surface; Hosted session): verify the partner JWT, then create the
// application, debit PARTNER_SESSION and mint its hosted URL in one transaction. The jti is the idempotency
// key: a repeat (also two racing repeats, via the unique index) re-mints a URL for the same application,
// is not charged again and answers `replay: true`.
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { balanceOf, debit } from "../../platform/credits/ledger.js";
import { withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { isUnstorableString } from "../../platform/http/input-guards.js";
import type { Services } from "../../services.js";
import { emitApplicationEvent } from "../applications/application-events.js";
import { loadApplication } from "../applications/application-resource.js";
import { mintApplicationUrl } from "../applications/application-tokens.js";
import { requireActiveFlow } from "../flows/flows.js";
import { hostedUrlTtlOf, MAX_TTL_MINUTES } from "../flows/hosted-url-ttl.js";
import { verifyPartnerJwt } from "./partner-jwt.js";

export interface HostedSession {
  ok: true;
  session_id: string;
  url: string;
  expires: boolean;
  expires_at: string | null;
  credits_remaining: number;
  replay?: true;
}

const PREFILL_FIELDS = ["phone", "email", "identifier", "full_name"] as const;

/** Documented limits (README: Limits): the JWT, its identifying claims and its payload fields, in characters. */
export const MAX_PARTNER_JWT_LENGTH = 8192;
const MAX_CLAIM_LENGTH = 255;
const MAX_PREFILL_LENGTH: Record<(typeof PREFILL_FIELDS)[number], number> = {
  phone: 40,
  email: 254,
  identifier: 255,
  full_name: 200,
};

/** A claim the service stores: a bounded string without NUL or unpaired surrogates (they cannot be stored). */
function checkStoredClaim(field: string, value: string, maxLength: number): void {
  if (value.length > maxLength)
    throw invalidRequest(field, `${field} is longer than ${maxLength} characters.`);
  if (isUnstorableString(value))
    throw invalidRequest(field, `${field} contains characters that cannot be stored.`);
}

function invalidRequest(field: string, message: string): AppError {
  return new AppError("invalid_request", { field, message });
}

export async function createHostedSession(
  services: Pick<Services, "db" | "config">,
  tenantId: string,
  jwt: unknown,
): Promise<HostedSession> {
  if (typeof jwt !== "string" || jwt.trim() === "") throw invalidRequest("jwt", "jwt is required.");
  const tenant = await services.db
    .selectFrom("tenants")
    .select("jwt_signing_secret")
    .where("id", "=", tenantId)
    .executeTakeFirstOrThrow();
  const claims = verifyPartnerJwt(jwt.trim(), tenant.jwt_signing_secret, Math.floor(Date.now() / 1000));
  const flowId = claims.flow_id;
  if (typeof flowId !== "string" || flowId.trim() === "")
    throw invalidRequest("flow_id", "flow_id is required.");
  checkStoredClaim("jti", claims.jti, MAX_CLAIM_LENGTH);
  checkStoredClaim("flow_id", flowId, MAX_CLAIM_LENGTH);
  const ttl = await ttlFor(services, tenantId, claims.session_ttl_minutes);
  const prefill = prefillFrom(claims.payload);
  const flow = await requireActiveFlow(services.db, tenantId, flowId.trim());

  return withTransaction(services.db, async (tx) => {
    const inserted = await tx
      .insertInto("partner_applications")
      .values({
        tenant_id: tenantId,
        flow_id: flow.id,
        external_ref: claims.jti,
        tracking_id: trackingId(),
        session_expires_at: ttl === null ? null : sql`now() + make_interval(mins => ${ttl}::int)`,
        prefill: JSON.stringify(prefill),
        ...prefill,
      })
      .onConflict((oc) => oc.columns(["tenant_id", "external_ref"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    const replay = !inserted;
    const applicationId =
      inserted?.id ??
      (
        await tx
          .selectFrom("partner_applications")
          .select("id")
          .where("tenant_id", "=", tenantId)
          .where("external_ref", "=", claims.jti)
          .executeTakeFirstOrThrow()
      ).id;
    const balance = replay
      ? await balanceOf(tx, tenantId)
      : (await debit(tx, { tenantId, feature: "PARTNER_SESSION", reason: "session_create", applicationId }))
          .balance;
    const url = await mintApplicationUrl(tx, services.config.flowUrl, tenantId, applicationId);
    const row = await loadApplication(tx, tenantId, applicationId);
    if (!replay) await emitApplicationEvent(tx, "identity.application.created", row);
    return {
      ok: true as const,
      session_id: applicationId,
      url,
      expires: row.session_expires_at !== null,
      expires_at: row.session_expires_at?.toISOString() ?? null,
      // spec: credits_remaining is an integer, the balance after the debit.
      credits_remaining: Math.floor(Number(balance)),
      ...(replay ? { replay: true as const } : {}),
    };
  });
}

/** spec: omitted → tenant default; 0 → no expiry; 1..525600 → custom; anything else is invalid_request. */
async function ttlFor(
  services: Pick<Services, "db">,
  tenantId: string,
  claim: unknown,
): Promise<number | null> {
  if (claim === undefined || claim === null) return hostedUrlTtlOf(services.db, tenantId);
  if (typeof claim !== "number" || !Number.isInteger(claim) || claim < 0 || claim > MAX_TTL_MINUTES) {
    throw invalidRequest("session_ttl_minutes", `session_ttl_minutes must be 0 or 1..${MAX_TTL_MINUTES}.`);
  }
  return claim === 0 ? null : claim;
}

function prefillFrom(payload: unknown): Partial<Record<(typeof PREFILL_FIELDS)[number], string>> {
  if (payload === undefined || payload === null) return {};
  if (typeof payload !== "object" || Array.isArray(payload)) {
    throw invalidRequest("payload", "payload must be an object.");
  }
  const prefill: Partial<Record<(typeof PREFILL_FIELDS)[number], string>> = {};
  for (const field of PREFILL_FIELDS) {
    const value = (payload as Record<string, unknown>)[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string")
      throw invalidRequest(`payload.${field}`, `payload.${field} must be a string.`);
    checkStoredClaim(`payload.${field}`, value, MAX_PREFILL_LENGTH[field]);
    if (value.trim()) prefill[field] = value.trim();
  }
  return prefill;
}

/** Human-facing tracking id: `APP-` and 10 characters of an unambiguous alphabet (50 bits). */
function trackingId(): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  // 256 is a multiple of 32, so `byte & 31` picks every character with equal probability.
  const id = [...randomBytes(10)].map((byte) => alphabet[byte & 31]).join("");
  return `APP-${id}`;
}
