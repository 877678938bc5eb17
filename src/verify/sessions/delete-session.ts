// Soft deletion of a session (DELETE /v3/session/{id}/delete/, the console).
import { sql } from "kysely";
import { removeFacesOfSession } from "../../identities/face-gallery/remove-faces.js";
import { withTransaction } from "../../platform/db/transaction.js";
import type { Services } from "../../services.js";
import { findSession } from "./find-session.js";
import { logSessionEvent } from "./session-log.js";

/**
 * Soft-deletes the session: its captures, results and gallery faces go in one transaction, its evidence rows
 * are marked purged (URLs stop resolving), and the files are deleted after the commit, because a file
 * deletion cannot be rolled back.
 */
export async function deleteSession(
  services: Pick<Services, "db" | "media">,
  tenantId: string,
  sessionId: string,
): Promise<void> {
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
    // The addresses and numbers its OTP steps sent codes to go with it.
    await tx.deleteFrom("contact_codes").where("session_id", "=", session.id).execute();
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
