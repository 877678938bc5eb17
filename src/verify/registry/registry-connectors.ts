// Registry connectors per tenant (DATABASE_VALIDATION): a name, the HTTPS endpoint, a signing secret (shown
// once, when the connector is created or its secret rotated), the timeout and the retry count. Plain http is
// accepted only with the development flag ALLOW_PRIVATE_TARGETS, like every private destination.
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { assertDeliverableUrl } from "../../platform/net/safe-request.js";

const CONNECTOR_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;

export interface RegistryConnector {
  name: string;
  url: string;
  timeout_ms: number;
  retries: number;
  enabled: boolean;
  /** Present only in the answer that created the connector or rotated its secret. */
  signing_secret?: string;
}

export interface SetRegistryConnectorInput {
  name: string;
  url: string;
  timeout_ms?: number;
  retries?: number;
  enabled?: boolean;
}

const newSecret = () => `regsec_${randomBytes(24).toString("base64url")}`;

function notFound(name: string): AppError {
  return new AppError("not_found", { message: `No registry connector ${name} for this tenant.` });
}

export async function assertRegistryUrl(url: string, allowPrivateTargets: boolean): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError("validation_failed", { field: "url", message: "url is not an absolute URL." });
  }
  if (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && allowPrivateTargets)) {
    throw new AppError("validation_failed", { field: "url", message: "A registry endpoint must be https." });
  }
  await assertDeliverableUrl(url, allowPrivateTargets);
}

function checkNumbers(input: SetRegistryConnectorInput): void {
  const timeout = input.timeout_ms;
  if (timeout !== undefined && (!Number.isInteger(timeout) || timeout < 100 || timeout > 60_000)) {
    throw new AppError("validation_failed", { field: "timeout_ms", message: "timeout_ms is 100..60000." });
  }
  const retries = input.retries;
  if (retries !== undefined && (!Number.isInteger(retries) || retries < 0 || retries > 5)) {
    throw new AppError("validation_failed", { field: "retries", message: "retries is 0..5." });
  }
}

/** Creates or changes a connector; the secret is made (and returned) only when the connector is new. */
export async function setRegistryConnector(
  db: Queryable,
  tenantId: string,
  input: SetRegistryConnectorInput,
  allowPrivateTargets: boolean,
): Promise<RegistryConnector> {
  const name = input.name.trim().toLowerCase();
  if (!CONNECTOR_NAME.test(name)) {
    throw new AppError("validation_failed", {
      field: "name",
      message: "A connector name is 1-63 lower-case letters, digits, dashes and underscores.",
    });
  }
  checkNumbers(input);
  await assertRegistryUrl(input.url, allowPrivateTargets);
  const secret = newSecret();
  const row = await db
    .insertInto("registry_connectors")
    .values({
      tenant_id: tenantId,
      name,
      url: input.url,
      signing_secret: secret,
      timeout_ms: input.timeout_ms ?? 10_000,
      retries: input.retries ?? 2,
      enabled: input.enabled ?? true,
    })
    .onConflict((oc) =>
      oc.columns(["tenant_id", "name"]).doUpdateSet((eb) => ({
        url: input.url,
        timeout_ms: input.timeout_ms ?? eb.ref("registry_connectors.timeout_ms"),
        retries: input.retries ?? eb.ref("registry_connectors.retries"),
        enabled: input.enabled ?? eb.ref("registry_connectors.enabled"),
        updated_at: sql`now()`,
      })),
    )
    .returning(["name", "url", "timeout_ms", "retries", "enabled", "signing_secret"])
    .executeTakeFirstOrThrow();
  const { signing_secret, ...connector } = row;
  return signing_secret === secret ? { ...connector, signing_secret } : connector;
}

export async function listRegistryConnectors(db: Queryable, tenantId: string): Promise<RegistryConnector[]> {
  return db
    .selectFrom("registry_connectors")
    .select(["name", "url", "timeout_ms", "retries", "enabled"])
    .where("tenant_id", "=", tenantId)
    .orderBy("name")
    .execute();
}

export async function removeRegistryConnector(db: Queryable, tenantId: string, name: string): Promise<void> {
  const removed = await db
    .deleteFrom("registry_connectors")
    .where("tenant_id", "=", tenantId)
    .where("name", "=", name)
    .returning("name")
    .executeTakeFirst();
  if (!removed) throw notFound(name);
}

export async function rotateRegistrySecret(
  db: Queryable,
  tenantId: string,
  name: string,
): Promise<RegistryConnector> {
  const row = await db
    .updateTable("registry_connectors")
    .set({ signing_secret: newSecret(), updated_at: sql`now()` })
    .where("tenant_id", "=", tenantId)
    .where("name", "=", name)
    .returning(["name", "url", "timeout_ms", "retries", "enabled", "signing_secret"])
    .executeTakeFirst();
  if (!row) throw notFound(name);
  return row;
}

/** The connector a node calls, with its secret; null when the tenant has none by that name or it is off. */
export async function findRegistryConnector(db: Queryable, tenantId: string, name: string) {
  const row = await db
    .selectFrom("registry_connectors")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("name", "=", name)
    .executeTakeFirst();
  return row?.enabled ? row : null;
}
