// Active-authentication challenges: 8 random bytes (ICAO 9303-11 §6.1) issued to the session's NFC node each
// time the state is read, valid 5 minutes, accepted once.
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";

export const CHALLENGE_SECONDS = 300;

export interface ChallengeScope {
  tenantId: string;
  sessionId: string;
  nodeId: string;
}

export async function issueChallenge(db: Queryable, scope: ChallengeScope) {
  const challenge = randomBytes(8);
  // Every state read issues one; the node's dead ones go as the next is made.
  await db
    .deleteFrom("nfc_challenges")
    .where("session_id", "=", scope.sessionId)
    .where("node_id", "=", scope.nodeId)
    .where((eb) => eb.or([eb("used_at", "is not", null), eb("expires_at", "<=", sql<Date>`now()`)]))
    .execute();
  const row = await db
    .insertInto("nfc_challenges")
    .values({
      tenant_id: scope.tenantId,
      session_id: scope.sessionId,
      node_id: scope.nodeId,
      challenge,
      expires_at: sql<Date>`now() + make_interval(secs => ${CHALLENGE_SECONDS})`,
    })
    .returning(["expires_at"])
    .executeTakeFirstOrThrow();
  return { challenge: challenge.toString("base64"), expires_at: row.expires_at.toISOString() };
}

/** Marks the challenge used; false when it was never issued to this node, has expired or was used. */
export async function consumeChallenge(
  db: Queryable,
  scope: ChallengeScope,
  challenge: Buffer,
): Promise<boolean> {
  const used = await db
    .updateTable("nfc_challenges")
    .set({ used_at: sql`now()` })
    .where("session_id", "=", scope.sessionId)
    .where("tenant_id", "=", scope.tenantId)
    .where("node_id", "=", scope.nodeId)
    .where("challenge", "=", challenge)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("id")
    .executeTakeFirst();
  return used !== undefined;
}
