// Lens upstreams per tenant (spec: tools — lens/{service}): the spec's nine service names, plus any
// identity/insurance service an operator registers for a tenant under its own name. A name that is neither
// is 404 invalid_lens_service with the names this tenant may call; a known name with no enabled upstream
// for the tenant is 403 lens_service_not_enabled.
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { assertDeliverableUrl } from "../../platform/net/safe-request.js";

export const STANDARD_LENS_SERVICES = [
  "caf-front",
  "caf-back",
  "ont-front",
  "ont-back",
  "fdb-box",
  "iptv",
  "house-detection",
  "speed-test",
  "general",
] as const;

const SERVICE_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;
/** Header names an operator may not set: the forwarder owns these. */
const RESERVED_HEADERS = new Set([
  "host",
  "content-length",
  "content-type",
  "transfer-encoding",
  "connection",
]);

export interface LensService {
  service: string;
  url: string;
  /** Names only when listed: values are an upstream's credentials. */
  headers: Record<string, string>;
  enabled: boolean;
}

/** `caf-front` → `LENS_CAF_FRONT`, the rate-card key that meters it when it has an explicit rate. */
export function lensRateKey(service: string): string {
  return `LENS_${service.toUpperCase().replaceAll("-", "_")}`;
}

export interface SetLensServiceInput {
  service: string;
  url: string;
  headers?: Record<string, string>;
  enabled?: boolean;
}

export async function setLensService(
  db: Queryable,
  tenantId: string,
  input: SetLensServiceInput,
  allowPrivateTargets: boolean,
): Promise<LensService> {
  const service = input.service.trim().toLowerCase();
  if (!SERVICE_NAME.test(service)) {
    throw new AppError("validation_failed", {
      field: "service",
      message: "A service name is 1-63 lower-case letters, digits and dashes.",
    });
  }
  await assertDeliverableUrl(input.url, allowPrivateTargets);
  const headers = input.headers ?? {};
  for (const [name, value] of Object.entries(headers)) {
    if (
      !/^[A-Za-z0-9-]{1,64}$/.test(name) ||
      RESERVED_HEADERS.has(name.toLowerCase()) ||
      /[\r\n]/.test(value)
    ) {
      throw new AppError("validation_failed", { field: "headers", message: `Header ${name} cannot be set.` });
    }
  }
  const row = {
    tenant_id: tenantId,
    service,
    url: input.url,
    headers: JSON.stringify(headers),
    enabled: input.enabled ?? true,
  };
  await db
    .insertInto("lens_services")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["tenant_id", "service"]).doUpdateSet({
        url: row.url,
        headers: row.headers,
        enabled: row.enabled,
        updated_at: sql`now()`,
      }),
    )
    .execute();
  return { service, url: input.url, headers: maskHeaders(headers), enabled: row.enabled };
}

export async function setLensServiceEnabled(
  db: Queryable,
  tenantId: string,
  service: string,
  enabled: boolean,
): Promise<void> {
  const updated = await db
    .updateTable("lens_services")
    .set({ enabled, updated_at: sql`now()` })
    .where("tenant_id", "=", tenantId)
    .where("service", "=", service)
    .returning("service")
    .executeTakeFirst();
  if (!updated) throw new AppError("not_found", { message: `No lens service ${service} for this tenant.` });
}

export async function removeLensService(db: Queryable, tenantId: string, service: string): Promise<void> {
  const removed = await db
    .deleteFrom("lens_services")
    .where("tenant_id", "=", tenantId)
    .where("service", "=", service)
    .returning("service")
    .executeTakeFirst();
  if (!removed) throw new AppError("not_found", { message: `No lens service ${service} for this tenant.` });
}

export async function listLensServices(db: Queryable, tenantId: string): Promise<LensService[]> {
  const rows = await db
    .selectFrom("lens_services")
    .select(["service", "url", "headers", "enabled"])
    .where("tenant_id", "=", tenantId)
    .orderBy("service")
    .execute();
  return rows.map((row) => ({ ...row, headers: maskHeaders(row.headers) }));
}

/** The upstream a tenant's call goes to, or the spec's 404 / 403. */
export async function resolveLensService(
  db: Queryable,
  tenantId: string,
  service: string,
): Promise<{ url: string; headers: Record<string, string> }> {
  const rows = await db
    .selectFrom("lens_services")
    .select(["service", "url", "headers", "enabled"])
    .where("tenant_id", "=", tenantId)
    .execute();
  const row = rows.find((candidate) => candidate.service === service);
  const standard = (STANDARD_LENS_SERVICES as readonly string[]).includes(service);
  if (!row && !standard) {
    const allowed = [...new Set([...STANDARD_LENS_SERVICES, ...rows.map((r) => r.service)])];
    throw new AppError("invalid_lens_service", {
      message: `Unknown lens service ${service}.`,
      extra: { allowed },
    });
  }
  if (!row?.enabled) {
    throw new AppError("lens_service_not_enabled", {
      message: `The lens service ${service} is not enabled for this account.`,
    });
  }
  return { url: row.url, headers: row.headers };
}

function maskHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.keys(headers).map((name) => [name, "***"]));
}
