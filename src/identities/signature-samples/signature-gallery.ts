// spec: signature-search — each tenant's enrolled descriptors, kept in memory between searches instead
// of being read and parsed from real[] columns on every call. A cheap stamp query (row count and
// newest row) runs on each search; when it changed (an enrolment or a deletion, from this process or
// another) the tenant's samples are reloaded. Samples stored under an older descriptor version are
// re-prepared from their stored ink crop on load and written back, so re-enrolled galleries migrate
// lazily without a one-off job.
import type { SignatureEngine } from "../../engines/signature/signature-engine.js";
import { SIGNATURE_DESCRIPTOR_VERSION } from "../../engines/signature/signature-engine.js";
import type { Queryable } from "../../platform/db/transaction.js";
import { isAppError } from "../../platform/errors.js";
import { readTenantEvidence } from "../../platform/media/evidence.js";
import type { Services } from "../../services.js";

export interface GallerySample {
  id: string;
  individual_id: string;
  crop_path: string | null;
  descriptor: Float32Array;
}

interface TenantGallery {
  stamp: string;
  samples: GallerySample[];
}

/** Per database handle (one per app), per tenant. Weakly held so a closed app's cache goes with it. */
const galleries = new WeakMap<object, Map<string, TenantGallery>>();

async function readStamp(db: Queryable, tenantId: string): Promise<string> {
  const row = await db
    .selectFrom("signature_samples")
    .select((eb) => [eb.fn.countAll<string>().as("count"), eb.fn.max("created_at").as("newest")])
    .where("tenant_id", "=", tenantId)
    .executeTakeFirst();
  const newest = row?.newest ? new Date(row.newest as string | Date).toISOString() : "";
  return `${row?.count ?? 0}:${newest}`;
}

/** Re-describes a sample stored under an older descriptor version from its ink crop; null if impossible. */
async function reprepare(
  db: Queryable,
  services: Pick<Services, "media">,
  engine: SignatureEngine,
  tenantId: string,
  row: { id: string; crop_path: string | null },
): Promise<Float32Array | null> {
  if (!row.crop_path) return null;
  const crop = await readTenantEvidence(db, services.media, tenantId, row.crop_path);
  if (!crop) return null;
  try {
    const { descriptor } = await engine.prepare(crop.bytes);
    await db
      .updateTable("signature_samples")
      .set({ descriptor: Array.from(descriptor), descriptor_version: SIGNATURE_DESCRIPTOR_VERSION })
      .where("id", "=", row.id)
      .where("tenant_id", "=", tenantId)
      .execute();
    return descriptor;
  } catch (error) {
    // A crop that no longer reads as a signature stays out of search rather than failing it.
    if (isAppError(error)) return null;
    throw error;
  }
}

/** The tenant's searchable samples, current descriptor version only, from memory when unchanged. */
export async function loadSignatureGallery(
  db: Queryable,
  services: Pick<Services, "media">,
  engine: SignatureEngine,
  tenantId: string,
): Promise<GallerySample[]> {
  let byTenant = galleries.get(db);
  if (!byTenant) {
    byTenant = new Map();
    galleries.set(db, byTenant);
  }
  const stamp = await readStamp(db, tenantId);
  const cached = byTenant.get(tenantId);
  if (cached && cached.stamp === stamp) return cached.samples;
  const rows = await db
    .selectFrom("signature_samples")
    .select(["id", "individual_id", "descriptor", "descriptor_version", "crop_path"])
    .where("tenant_id", "=", tenantId)
    .execute();
  const samples: GallerySample[] = [];
  for (const row of rows) {
    const descriptor =
      row.descriptor_version === SIGNATURE_DESCRIPTOR_VERSION
        ? Float32Array.from(row.descriptor)
        : await reprepare(db, services, engine, tenantId, row);
    if (descriptor)
      samples.push({ id: row.id, individual_id: row.individual_id, crop_path: row.crop_path, descriptor });
  }
  byTenant.set(tenantId, { stamp, samples });
  return samples;
}

/** Drops the tenant's cached samples (after an enrolment or deletion in this process). */
export function forgetSignatureGallery(db: Queryable, tenantId: string): void {
  galleries.get(db)?.delete(tenantId);
}
