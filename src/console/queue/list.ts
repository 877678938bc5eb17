// GET /console/api/review-queue: sessions held for review across tenants, oldest first, with reasons; search
// by vendor_data or session id, filter by status and creation day; paged.
import { z } from "zod";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { SESSION_STATUSES } from "../../verify/sessions/session-states.js";
import { CONSOLE_TAGS, daySchema, pageQuery } from "../console-schemas.js";
import { listReviewQueue } from "./list-review-queue.js";

const day = daySchema;

const query = z.object({
  search: z
    .string()
    .max(200)
    .optional()
    .describe("A vendor_data or applicant-name substring (any case), or a session id."),
  status: z
    .enum([...SESSION_STATUSES, "any"], { error: "invalid_status" })
    .default("in_review")
    .describe("Default in_review; `any` for every status."),
  created_from: day.optional().describe("YYYY-MM-DD (UTC), inclusive."),
  created_to: day.optional().describe("YYYY-MM-DD (UTC), inclusive."),
  limit: z.coerce.number().int().min(1).max(500).default(200).describe("Default 200, max 500."),
  ...pageQuery,
});

const entry = z.object({
  session_id: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  status: z.string(),
  vendor_data: z.string().nullable(),
  reasons: z.array(z.string()).describe("Why the session is held: decision_reason and node warnings."),
  created_at: z.string(),
  updated_at: z.string().describe("When the status last changed (for a held session: since when it waits)."),
});

export function registerConsoleReviewQueueRoute(app: App, services: Services): void {
  app.get(
    "/review-queue",
    {
      config: { consoleRole: "reviewer" },
      schema: {
        summary: "Review queue",
        description: "Paged by `limit` and `offset`; `X-Total-Count` holds the number of matching sessions.",
        tags: CONSOLE_TAGS,
        querystring: query,
        response: { 200: z.array(entry) },
      },
    },
    async (request, reply) => {
      const { search, status, created_from, created_to, limit, offset } = request.query;
      const { entries, total } = await listReviewQueue(services.db, {
        search,
        status,
        createdFrom: created_from,
        createdTo: created_to,
        limit,
        offset,
      });
      reply.header("x-total-count", String(total));
      return entries;
    },
  );
}
