// POST /v3/identities/import/ (spec: Verify surface: identity import): 202 {batch_id, status, total}.
// The body is checked by parseImportRequest, not by the schema, so each refusal carries the spec's own
// code and sentence ({detail, error}); the schema documents the fields.
import { z } from "zod";
import { type App, tenantOf } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { createImportBatch } from "./create-import-batch.js";

const body = z.looseObject({
  identities: z
    .unknown()
    .optional()
    .describe(
      "Rows (max 5000): external_user_id (max 255), photo_url (https, max 1000), full_name, email, phone, " +
        "country (ISO 3166-1 alpha-2). Aliases: id, unique_id, uniqueid, customer_id, user_id; name, " +
        "fullname, customer_name; photo, image, image_url, photo_link, picture; mobile, phone_number; " +
        "email_address. Unknown keys are ignored.",
    ),
  source_system: z.unknown().optional().describe("Required; truncated to 120 characters."),
  consent_reference: z.unknown().optional().describe("Required; truncated to 200 characters."),
  on_duplicate: z.unknown().optional().describe("report (default), skip or none."),
});

const response = z.object({
  batch_id: z.string().uuid(),
  status: z.literal("pending"),
  total: z.number().int(),
});

export function registerCreateImportRoute(app: App, services: Services): void {
  app.post(
    "/identities/import/",
    {
      // spec: Limits — import creation shares the tools bucket.
      config: { rateBucket: "kyc_v3_tools" },
      schema: {
        summary: "Import identities with their photos",
        description:
          "Needs the IDENTITY_IMPORT entitlement. Rows are processed in the background; poll " +
          "GET /v3/identities/import/{batch_id}/. No 402 here: each imported row is checked and debited " +
          "(IDENTITY_IMPORT, reason tool_usage) while the batch runs.",
        tags: ["identities"],
        body,
        response: { 202: response },
      },
    },
    async (request, reply) => {
      const created = await createImportBatch(services, tenantOf(request).tenantId, request.body);
      return reply.status(202).send(created);
    },
  );
}
