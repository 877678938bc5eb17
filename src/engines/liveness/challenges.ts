// Liveness challenges: minted with a random sequence, stored with their expiry, consumed once.
// design: "Liveness challenge response: {challenge_id, method, expires_at, colors[] | actions[] |
// gestures[]}; single use; 120 s validity". spec: Limits — deleted one day after expiry (sweep job).
import { randomInt } from "node:crypto";
import { sql } from "kysely";
import type { Queryable } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { isUuid } from "../../platform/ids.js";
import {
  type Challenge,
  type ChallengeMethod,
  type ChallengeSequence,
  type FlashStep,
  HAND_GESTURES,
  type HandGesture,
  HEAD_ACTIONS,
  type HeadAction,
} from "./liveness-types.js";

export const CHALLENGE_VALIDITY_MS = 120_000;

/** Colours far apart in chromaticity, so each step moves the face's colour in a distinct direction. */
const FLASH_COLORS = ["#FF0000", "#00FF00", "#0000FF", "#FFFF00", "#FF00FF", "#00FFFF"];

export interface MintChallengeInput {
  tenantId: string;
  method: ChallengeMethod;
  sessionId?: string | null;
}

export async function mintChallenge(db: Queryable, input: MintChallengeInput): Promise<Challenge> {
  const sequence = randomSequence(input.method);
  const row = await db
    .insertInto("liveness_challenges")
    .values({
      tenant_id: input.tenantId,
      method: input.method,
      session_id: input.sessionId ?? null,
      sequence: JSON.stringify(sequence),
      expires_at: sql<Date>`now() + ${`${CHALLENGE_VALIDITY_MS} milliseconds`}::interval`,
    })
    .returning(["id", "expires_at"])
    .executeTakeFirstOrThrow();
  return { id: row.id, method: input.method, sequence, expiresAt: new Date(row.expires_at) };
}

export interface ChallengeRef {
  tenantId: string;
  challengeId: string;
  /** When given, a challenge minted for another method is answered as missing (never substituted). */
  method?: ChallengeMethod;
}

/** Reads an unconsumed, unexpired challenge without consuming it (to learn its method first). */
export async function peekChallenge(db: Queryable, ref: ChallengeRef): Promise<Challenge> {
  const row = await findChallengeRow(db, ref);
  assertUsable(row);
  return toChallenge(row);
}

/**
 * Marks the challenge used, atomically: of two concurrent verifications only one wins. Another
 * tenant's id, or one for another method, answers 404 challenge_not_found exactly like a missing one;
 * a used one 422 challenge_used; an expired one 422 challenge_expired (database clock).
 */
export async function consumeChallenge(db: Queryable, ref: ChallengeRef): Promise<Challenge> {
  if (!isUuid(ref.challengeId)) throw notFound();
  const claimed = await db
    .updateTable("liveness_challenges")
    .set({ used_at: sql`now()` })
    .where("id", "=", ref.challengeId)
    .where("tenant_id", "=", ref.tenantId)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .$if(ref.method !== undefined, (qb) => qb.where("method", "=", ref.method as ChallengeMethod))
    .returning(["id", "method", "sequence", "expires_at"])
    .executeTakeFirst();
  if (claimed) return toChallenge(claimed);
  assertUsable(await findChallengeRow(db, ref));
  throw notFound(); // unreachable in practice: the row was usable a moment ago but lost a race
}

/** spec: Limits — a challenge is deleted one day after it expires. */
export async function sweepExpiredChallenges(db: Queryable): Promise<number> {
  const result = await db
    .deleteFrom("liveness_challenges")
    .where("expires_at", "<", sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

interface ChallengeRow {
  id: string;
  method: ChallengeMethod;
  sequence: ChallengeSequence;
  expires_at: Date;
  used: boolean;
  expired: boolean;
}

async function findChallengeRow(db: Queryable, ref: ChallengeRef): Promise<ChallengeRow | undefined> {
  if (!isUuid(ref.challengeId)) return undefined;
  return db
    .selectFrom("liveness_challenges")
    .select([
      "id",
      "method",
      "sequence",
      "expires_at",
      sql<boolean>`used_at IS NOT NULL`.as("used"),
      sql<boolean>`expires_at <= now()`.as("expired"),
    ])
    .where("id", "=", ref.challengeId)
    .where("tenant_id", "=", ref.tenantId)
    .$if(ref.method !== undefined, (qb) => qb.where("method", "=", ref.method as ChallengeMethod))
    .executeTakeFirst();
}

function assertUsable(row: ChallengeRow | undefined): asserts row is ChallengeRow {
  if (!row) throw notFound();
  if (row.used) throw new AppError("challenge_used", { message: "This challenge was already used." });
  if (row.expired) throw new AppError("challenge_expired", { message: "This challenge has expired." });
}

function notFound(): AppError {
  return new AppError("challenge_not_found", { message: "Challenge not found." });
}

function toChallenge(row: Omit<ChallengeRow, "used" | "expired">): Challenge {
  const sequence = typeof row.sequence === "string" ? JSON.parse(row.sequence) : row.sequence;
  return { id: row.id, method: row.method, sequence, expiresAt: new Date(row.expires_at) };
}

function randomSequence(method: ChallengeMethod): ChallengeSequence {
  if (method === "FLASHING") {
    // 5 steps of 300–700 ms: unpredictable order and timing, about 2.5 s in all.
    const colors: FlashStep[] = [];
    let previous = "";
    while (colors.length < 5) {
      const color = FLASH_COLORS[randomInt(FLASH_COLORS.length)] as string;
      if (color === previous) continue;
      colors.push({ color, duration_ms: 300 + 50 * randomInt(9) });
      previous = color;
    }
    return { method, colors };
  }
  if (method === "3D_ACTION") return { method, actions: pickDistinct(HEAD_ACTIONS, 2) as HeadAction[] };
  return { method, gestures: pickDistinct(Object.keys(HAND_GESTURES), 2) as HandGesture[] };
}

function pickDistinct<T>(items: readonly T[], count: number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0)
    picked.push(pool.splice(randomInt(pool.length), 1)[0] as T);
  return picked;
}

/** The public challenge body (design decision). */
export function challengeBody(challenge: Challenge): Record<string, unknown> {
  const { sequence } = challenge;
  const body: Record<string, unknown> = {
    challenge_id: challenge.id,
    method: challenge.method,
    expires_at: challenge.expiresAt.toISOString(),
  };
  if (sequence.method === "FLASHING") body.colors = sequence.colors;
  if (sequence.method === "3D_ACTION") body.actions = sequence.actions;
  if (sequence.method === "GESTURE") body.gestures = sequence.gestures;
  return body;
}
