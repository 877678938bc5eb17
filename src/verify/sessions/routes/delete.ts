import { type App, tenantOf } from "../../../platform/http/app.js";
import type { Services } from "../../../services.js";
import { deleteSession } from "../delete-session.js";
import { sessionIdParams } from "../session-schemas.js";

export function registerDeleteSessionRoute(app: App, services: Services): void {
  for (const method of ["DELETE", "POST"] as const) {
    app.route({
      method,
      url: "/session/:session_id/delete/",
      config: { rateBucket: "kyc_v3_read" },
      schema: { summary: "Delete a session and its evidence", tags: ["sessions"], params: sessionIdParams },
      handler: async (request, reply) => {
        await deleteSession(services, tenantOf(request).tenantId, request.params.session_id);
        return reply.status(204).send();
      },
    });
  }
}
