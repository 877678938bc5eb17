// DELETE (and POST) /v3/session/{session_id}/delete/ — soft delete: evidence purged, reads 404 afterwards.
import { sql } from "kysely";
import { withTransaction } from "../../platform/db/transaction.js";
import { type App, tenantOf } from "../../platform/http/app.js";
import { purgeEvidence } from "../../platform/media/evidence.js";
import type { Services } from "../../services.js";
import { findSession } from "./find-session.js";
import { logSessionEvent } from "./session-log.js";
import { sessionIdParams } from "./session-schemas.js";

type SessionPurgeHook = (
  tx: import("../../platform/db/transaction.js").Tx,
  tenantId: string,
  sessionId: string,
) => Promise<void>;
const purgeHooks: SessionPurgeHook[] = [];
/** Areas holding data derived from a session (the face gallery) remove it when the session is deleted. */
export function onSessionDeleted(hook: SessionPurgeHook): void {
  purgeHooks.push(hook);
}

export async function deleteSession(services: Services, tenantId: string, sessionId: string): Promise<void> {
  const session = await findSession(services.db, tenantId, sessionId);
  await withTransaction(services.db, async (tx) => {
    await tx
      .updateTable("sessions")
      .set({ deleted_at: sql`now()`, reference: "{}", prefill: "{}" })
      .where("id", "=", session.id)
      .execute();
    await tx
      .updateTable("session_nodes")
      .set({ captures: "{}", result: null })
      .where("session_id", "=", session.id)
      .execute();
    for (const hook of purgeHooks) await hook(tx, tenantId, session.id);
    const media = await tx
      .selectFrom("media_objects")
      .select(["id", "path"])
      .where("tenant_id", "=", tenantId)
      .where("session_id", "=", session.id)
      .where("purged_at", "is", null)
      .execute();
    await purgeEvidence(tx, services.media, media);
    await logSessionEvent(tx, { tenantId, sessionId: session.id, type: "session.deleted", actor: "api" });
  });
}

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
