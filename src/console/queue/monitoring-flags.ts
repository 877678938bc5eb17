// GET /console/api/monitoring-flags: identities flagged by ongoing AML monitoring, oldest first (reviewers
// too); POST /console/api/tenants/:tenant_id/identities/:individual_id/resolve-flag {outcome, note} clears or
// blocks one (audited; another tenant's identity is 404 like a missing one; 409 when it is not flagged).
import { z } from "zod";
import { FLAG_OUTCOMES, resolveMonitoringFlag } from "../../identities/aml-monitoring/resolve-flag.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS, pageQuery, tenantParams } from "../console-schemas.js";
import { listMonitoringFlags } from "./list-monitoring-flags.js";

const flag = z.object({
  individual_id: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  external_user_id: z.string().nullable(),
  full_name: z.string().nullable(),
  screened_name: z.string().nullable().describe("The name the sweep screened."),
  aml_status: z.string(),
  flagged_at: z.string(),
  new_matches: z
    .array(
      z.object({ entity_id: z.string(), name: z.string(), score: z.number(), lists: z.array(z.string()) }),
    )
    .describe("The hits the sweep had not seen before."),
  latest_session_id: z.string().nullable().describe("The identity's latest session, for its evidence."),
});

export function registerConsoleMonitoringFlagsRoute(app: App, services: Services): void {
  app.get(
    "/monitoring-flags",
    {
      config: { consoleRole: "reviewer" },
      schema: {
        summary: "Identities flagged by AML monitoring",
        description: "Oldest flag first; `X-Total-Count` holds the number of flagged identities.",
        tags: CONSOLE_TAGS,
        querystring: z.object({
          search: z
            .string()
            .max(200)
            .optional()
            .describe("external_user_id (vendor_data) or name substring, any case, or an identity id."),
          limit: z.coerce.number().int().min(1).max(200).default(50).describe("Default 50, max 200."),
          ...pageQuery,
        }),
        response: { 200: z.array(flag) },
      },
    },
    async (request, reply) => {
      const { entries, total } = await listMonitoringFlags(services.db, request.query);
      reply.header("x-total-count", String(total));
      return entries;
    },
  );
}

export function registerConsoleResolveFlagRoute(app: App, services: Services): void {
  app.post(
    "/identities/:individual_id/resolve-flag",
    {
      config: { consoleRole: "reviewer" },
      schema: {
        summary: "Resolve an AML monitoring flag",
        description: "`clear` makes the identity active again, `block` blocks it; the note is required.",
        tags: CONSOLE_TAGS,
        params: tenantParams.extend({ individual_id: z.string() }),
        body: z.object({ outcome: z.enum(FLAG_OUTCOMES), note: z.string().max(2000) }),
        response: {
          200: z.object({ individual_id: z.string(), status: z.enum(["active", "blocked"]) }),
        },
      },
    },
    async (request) =>
      resolveMonitoringFlag(services.db, {
        tenantId: request.params.tenant_id,
        individualId: request.params.individual_id,
        outcome: request.body.outcome,
        note: request.body.note,
        actor: operatorOf(request).actor,
      }),
  );
}
