// design: Evidence retention — a per-tenant setting (tenants.settings.evidence_retention_days, default 365);
// a daily sweep purges session evidence files past it and marks their URLs gone (spec: a file stops
// resolving once retention purges it). Session selfies leave the face gallery with them; imported faces sit
// outside the sweep (spec: identity import — the batch DELETE is their only disposal route).
import { sql } from "kysely";
import { z } from "zod";
import { withTransaction } from "../platform/db/transaction.js";
import { AppError } from "../platform/errors.js";
import { defineJob } from "../platform/jobs/catalog.js";
import { requireTenantId } from "../platform/tenants/tenants.js";
import type { Services } from "../services.js";

export const DEFAULT_RETENTION_DAYS = 365;
const RETENTION = sql<number>`coalesce((t.settings ->> 'evidence_retention_days')::int, ${DEFAULT_RETENTION_DAYS})`;

/** Purges one batch; returns how many files went. */
export async function purgeExpiredEvidence(
  services: Pick<Services, "db" | "media">,
  batch = 1000,
): Promise<number> {
  const paths = await withTransaction(services.db, async (tx) => {
    const faces = await sql<{ thumb_media_id: string | null }>`
      DELETE FROM faces f USING tenants t
      WHERE t.id = f.tenant_id AND f.source = 'session_selfie'
        AND f.created_at < now() - make_interval(days => ${RETENTION})
      RETURNING f.thumb_media_id`.execute(tx);
    const thumbIds = faces.rows.map((row) => row.thumb_media_id).filter((id): id is string => id !== null);
    const purged = await sql<{ path: string }>`
      UPDATE media_objects SET purged_at = now()
      WHERE id IN (
        SELECT m.id FROM media_objects m JOIN tenants t ON t.id = m.tenant_id
        WHERE m.purged_at IS NULL
          AND ((m.session_id IS NOT NULL AND m.created_at < now() - make_interval(days => ${RETENTION}))
               OR m.id = ANY(${thumbIds}::uuid[]))
        LIMIT ${batch})
      RETURNING path`.execute(tx);
    return purged.rows.map((row) => row.path);
  });
  // Files go after the commit: a deletion cannot be rolled back.
  for (const path of paths) await services.media.delete(path);
  return paths.length;
}

export const evidenceRetentionJob = defineJob({
  name: "evidence.retention-sweep",
  payload: z.object({}).passthrough(),
  timeoutMs: 30 * 60_000,
  maxAttempts: 3,
  cron: { everyMs: 24 * 3_600_000 },
  async run(_payload, services: Services) {
    while ((await purgeExpiredEvidence(services)) === 1000) {
      // keep going until the backlog is gone
    }
  },
});

export async function getEvidenceRetentionDays(
  { db }: Pick<Services, "db">,
  tenantId: string,
): Promise<number> {
  const row = await db
    .selectFrom("tenants")
    .select(sql<number | null>`(settings ->> 'evidence_retention_days')::int`.as("days"))
    .where("id", "=", requireTenantId(tenantId))
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", { message: "No such tenant." });
  return row.days ?? DEFAULT_RETENTION_DAYS;
}

export async function setEvidenceRetentionDays(
  { db }: Pick<Services, "db">,
  tenantId: string,
  days: number,
): Promise<void> {
  if (!Number.isInteger(days) || days < 1 || days > 3650) {
    throw new AppError("validation_failed", { field: "days", message: "Retention is 1..3650 days." });
  }
  const row = await db
    .updateTable("tenants")
    .set({
      settings: sql`settings || jsonb_build_object('evidence_retention_days', ${days}::int)`,
      updated_at: sql`now()`,
    })
    .where("id", "=", requireTenantId(tenantId))
    .returning("id")
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", { message: "No such tenant." });
}
