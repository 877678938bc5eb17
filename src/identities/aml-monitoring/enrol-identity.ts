// spec: AML module outcome — ongoing monitoring: an AML-screened workflow copies its AML config (lists,
// threshold, review_possible_matches, ongoing_monitoring) to the identity and schedules next_rescreen_at.
// Runs in the session decision's transaction (the module's commit hook).
import { sql } from "kysely";
import type { AmlResult } from "../../engines/aml/index.js";
import type { Tx } from "../../platform/db/transaction.js";
import type { AmlConfig } from "./monitoring-config.js";

/** What the monitoring row on individuals holds: the config, who is screened, and the hits already seen. */
export interface AmlMonitoring {
  lists: AmlConfig["lists"];
  match_threshold: number;
  review_possible_matches: boolean;
  ongoing_monitoring: boolean;
  full_name: string;
  date_of_birth: string | null;
  nationality: string | null;
  /** Confirmed hits (entity ids) at the last screening: only a hit not in here is new. */
  known_hits: string[];
}

export interface ScreenedParty {
  full_name: string;
  date_of_birth: string | null;
  nationality: string | null;
}

export const RESCREEN_INTERVAL = "1 day";

export async function recordIdentityScreening(
  tx: Tx,
  options: {
    tenantId: string;
    individualId: string;
    config: AmlConfig;
    party: ScreenedParty | null;
    result: AmlResult | null;
  },
): Promise<void> {
  const { tenantId, individualId, config, party, result } = options;
  if (config.ongoing_monitoring && party && result) {
    const monitoring: AmlMonitoring = {
      lists: config.lists,
      match_threshold: config.match_threshold,
      review_possible_matches: config.review_possible_matches,
      ongoing_monitoring: true,
      ...party,
      known_hits: result.matches.map((match) => match.entity_id),
    };
    await tx
      .updateTable("individuals")
      .set({
        aml_monitoring: JSON.stringify(monitoring),
        aml_status: result.risk_level,
        last_screened_at: sql`now()`,
        next_rescreen_at: sql`now() + ${RESCREEN_INTERVAL}::interval`,
        updated_at: sql`now()`,
      })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", individualId)
      .execute();
    return;
  }
  // A later session whose workflow has monitoring off: the next sweep de-enrols the identity.
  await tx
    .updateTable("individuals")
    .set({
      ...(result ? { aml_status: result.risk_level, last_screened_at: sql`now()` } : {}),
      ...(config.ongoing_monitoring
        ? {}
        : {
            aml_monitoring: sql`CASE WHEN aml_monitoring IS NULL THEN NULL
              ELSE jsonb_set(aml_monitoring, '{ongoing_monitoring}', 'false'::jsonb) END`,
          }),
      updated_at: sql`now()`,
    })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", individualId)
    .execute();
}
