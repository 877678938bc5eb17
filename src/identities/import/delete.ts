// DELETE /v3/identities/import/{batch_id}/ (spec: identity import): removes the faces the batch enrolled.
// Response (the spec leaves it open): 200 {batch_id, status, faces_removed}.
import { z } from "zod";
import { type App, tenantOf } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { deleteImportBatch } from "./delete-import-batch.js";

const params = z.object({ batch_id: z.string() });
const response = z.object({
  batch_id: z.string().uuid(),
  status: z
    .string()
    .describe("The batch's status afterwards: an unfinished batch is stopped (failed, error deleted)."),
  faces_removed: z.number().int(),
});

export function registerDeleteImportRoute(app: App, services: Services): void {
  app.delete(
    "/identities/import/:batch_id/",
    {
      config: { rateBucket: "kyc_v3_read" },
      schema: {
        summary: "Remove the faces an import batch enrolled",
        description:
          "The only disposal route for imported faces (they sit outside the retention sweep). The batch " +
          "record and the identities stay; a pending or running batch is stopped first.",
        tags: ["identities"],
        params,
        response: { 200: response },
      },
    },
    async (request) => deleteImportBatch(services, tenantOf(request).tenantId, request.params.batch_id),
  );
}
