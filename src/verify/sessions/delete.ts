// DELETE (and POST) /v3/session/{session_id}/delete/ — soft delete: evidence purged, reads 404 afterwards.
import { sql } from "kysely";
import { removeFacesOfSession } from "../../identities/face-gallery/remove-faces.js";
import { withTransaction } from "../../platform/db/transaction.js";
import { type App, tenantOf } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { findSession } from "./find-session.js";
import { logSessionEvent } from "./session-log.js";
import { sessionIdParams } from "./session-schemas.js";

/**
 * Soft-deletes the session: its captures, results and gallery faces go in one transaction, its evidence rows
 * are marked purged (URLs stop resolving), and the files are deleted after the commit, because a file
 * deletion cannot be rolled back.
 */
export async function deleteSession(services: Services, tenantId: string, sessionId: string): Promise<void> {
  const session = await findSession(services.db, tenantId, sessionId);
  const files = await withTransaction(services.db, async (tx) => {
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
    // spec (issue 4): deleting a session removes the faces it enrolled in the gallery.
    const faces = await removeFacesOfSession(tx, tenantId, session.id);
    const media = await tx
      .updateTable("media_objects")
      .set({ purged_at: sql`now()` })
      .where("tenant_id", "=", tenantId)
      .where("purged_at", "is", null)
      .where((eb) =>
        eb.or([
          eb("session_id", "=", session.id),
          ...(faces.thumbs.length > 0
            ? [
                eb(
                  "id",
                  "in",
                  faces.thumbs.map((thumb) => thumb.id),
                ),
              ]
            : []),
        ]),
      )
      .returning(["path"])
      .execute();
    await logSessionEvent(tx, {
      tenantId,
      sessionId: session.id,
      type: "session.deleted",
      actor: "api",
      data: { faces_removed: faces.removed, files_purged: media.length },
    });
    return media.map((row) => row.path);
  });
  for (const path of files) await services.media.delete(path);
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
