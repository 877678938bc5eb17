// The daily ongoing-monitoring sweep (spec: AML module outcome — ongoing monitoring): re-screens identities
// whose next_rescreen_at is due with the AML config their last screened workflow left on them. A new
// confirmed hit (an entity not seen at the last screening) flags the identity with aml_status `high`; a
// clear only refreshes the timestamps; identities whose monitoring was turned off are de-enrolled; if the
// engine is down the sweep stops without advancing anyone's next_rescreen_at. A flag writes an audit row and
// the signed webhook event identity.aml.monitoring.flagged with it.
import { sql } from "kysely";
import { z } from "zod";
import type { AmlEngine } from "../../engines/aml/aml-engine.js";
import { syncAmlIndex } from "../../engines/aml/aml-store-sync.js";
import { countryCode } from "../../engines/aml/countries.js";
import { AML_LISTS, type AmlMatch, type AmlResult } from "../../engines/aml/index.js";
import { recordAudit } from "../../platform/audit.js";
import type { Db } from "../../platform/db/database.js";
import { type Tx, withTransaction } from "../../platform/db/transaction.js";
import { newId } from "../../platform/ids.js";
import { defineJob } from "../../platform/jobs/catalog.js";
import type { Services } from "../../services.js";
import { enqueueWebhookEvent } from "../../webhooks/enqueue-event.js";
import { type AmlMonitoring, RESCREEN_INTERVAL } from "./enrol-identity.js";
import { FLAGGED_EVENT, type MonitoringFlaggedPayload } from "./flagged-event.js";
import { type AmlConfig, checkedLists } from "./monitoring-config.js";

const BATCH = 200;

export interface RescreenSummary {
  deenrolled: number;
  screened: number;
  flagged: number;
  /** True when the engine could not answer: the remaining identities stay due. */
  aborted: boolean;
}

export interface RescreenServices {
  db: Db;
  log: Services["log"];
  engines: { aml(): AmlEngine };
}

interface DueIdentity {
  id: string;
  tenant_id: string;
  external_user_id: string | null;
  aml_monitoring: AmlMonitoring;
}

async function deenrolDisabled(db: Db): Promise<number> {
  const result = await db
    .updateTable("individuals")
    .set({ aml_monitoring: null, next_rescreen_at: null, updated_at: sql`now()` })
    .where("aml_monitoring", "is not", null)
    .where(sql<boolean>`coalesce((aml_monitoring->>'ongoing_monitoring')::boolean, false) = false`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

async function dueIdentities(db: Db, afterId: string): Promise<DueIdentity[]> {
  const rows = await db
    .selectFrom("individuals")
    .select(["id", "tenant_id", "external_user_id", "aml_monitoring"])
    .where("next_rescreen_at", "<=", sql<Date>`now()`)
    .where("aml_monitoring", "is not", null)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(BATCH)
    .execute();
  return rows as unknown as DueIdentity[];
}

function screenIdentity(engine: AmlEngine, monitoring: AmlMonitoring): Promise<AmlResult> {
  const config: AmlConfig = {
    lists: monitoring.lists ?? Object.fromEntries(AML_LISTS.map((list) => [list, "review"])),
    match_threshold: monitoring.match_threshold,
    review_possible_matches: monitoring.review_possible_matches,
    ongoing_monitoring: true,
  };
  return engine.screen(
    {
      name: monitoring.full_name,
      birthDate: monitoring.date_of_birth ?? undefined,
      nationality: countryCode(monitoring.nationality) ?? undefined,
      schema: "Person",
    },
    { lists: checkedLists(config), threshold: config.match_threshold },
  );
}

/**
 * A new hit is announced (issue 14): an audit row and a signed webhook event in the same transaction as
 * the flag, so a committed flag is always announced. Payload documented in README (Webhook events).
 */
async function announceFlag(
  tx: Tx,
  identity: DueIdentity,
  result: AmlResult,
  newHits: AmlMatch[],
): Promise<void> {
  const matches = newHits.map((match) => ({
    entity_id: match.entity_id,
    name: match.name,
    score: match.score,
    lists: match.lists,
    datasets: match.datasets,
  }));
  await recordAudit(tx, {
    tenantId: identity.tenant_id,
    actor: "system",
    action: FLAGGED_EVENT,
    target: identity.id,
    data: { matches },
  });
  const eventId = newId();
  const payload: MonitoringFlaggedPayload = {
    event_type: FLAGGED_EVENT,
    idempotency_key: eventId,
    individual_id: identity.id,
    external_user_id: identity.external_user_id,
    status: "flagged",
    aml_status: "high",
    screened_name: identity.aml_monitoring.full_name,
    new_matches: matches,
    risk_level: result.risk_level,
    lists_checked: result.lists_checked,
    threshold: result.threshold,
    dataset: result.dataset,
    screened_at: new Date().toISOString(),
  };
  await enqueueWebhookEvent(tx, {
    id: eventId,
    tenantId: identity.tenant_id,
    eventType: FLAGGED_EVENT,
    payload,
  });
}

async function recordRescreen(db: Db, identity: DueIdentity, result: AmlResult): Promise<boolean> {
  const known = new Set(identity.aml_monitoring.known_hits ?? []);
  const hits = result.matches.map((match) => match.entity_id);
  const newHits = result.matches.filter((match) => !known.has(match.entity_id));
  const isNewHit = newHits.length > 0;
  const monitoring: AmlMonitoring = {
    ...identity.aml_monitoring,
    known_hits: [...new Set([...known, ...hits])],
  };
  await withTransaction(db, async (tx) => {
    await tx
      .updateTable("individuals")
      .set({
        aml_monitoring: JSON.stringify(monitoring),
        last_screened_at: sql`now()`,
        next_rescreen_at: sql`now() + ${RESCREEN_INTERVAL}::interval`,
        updated_at: sql`now()`,
        ...(isNewHit ? { status: "flagged" as const, aml_status: "high" } : {}),
      })
      .where("tenant_id", "=", identity.tenant_id)
      .where("id", "=", identity.id)
      .execute();
    if (isNewHit) await announceFlag(tx, identity, result, newHits);
  });
  return isNewHit;
}

export async function rescreenDueIdentities(services: RescreenServices): Promise<RescreenSummary> {
  const summary: RescreenSummary = { deenrolled: 0, screened: 0, flagged: 0, aborted: false };
  summary.deenrolled = await deenrolDisabled(services.db);
  await syncAmlIndex(services).catch(() => false);
  const engine = services.engines.aml();
  let afterId = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const due = await dueIdentities(services.db, afterId);
    if (due.length === 0) break;
    for (const identity of due) {
      let result: AmlResult;
      try {
        result = await screenIdentity(engine, identity.aml_monitoring);
      } catch (error) {
        // Engine down (or lists not loaded): stop here; nobody's next_rescreen_at moves past this point.
        services.log.warn({ err: (error as Error).message }, "AML re-screening aborted: engine unavailable");
        summary.aborted = true;
        return summary;
      }
      summary.screened += 1;
      if (await recordRescreen(services.db, identity, result)) summary.flagged += 1;
    }
    afterId = due[due.length - 1]!.id;
  }
  if (summary.screened > 0 || summary.deenrolled > 0) services.log.info(summary, "AML re-screening done");
  return summary;
}

export const amlRescreenJob = defineJob({
  name: "aml.rescreen",
  payload: z.object({}).passthrough(),
  timeoutMs: 60 * 60_000,
  maxAttempts: 3,
  // Hourly checks keep each identity's rescreen close to its own daily due time.
  cron: { everyMs: 3_600_000 },
  async run(_payload, services: Services) {
    await rescreenDueIdentities(services);
  },
});
