// Kysely table types for the liveness challenges (migrations/0005_liveness.sql).
import type { Json, NullableTimestamp, Timestamp } from "../../platform/db/column-types.js";
import type { ChallengeMethod, ChallengeSequence } from "./liveness-types.js";

export interface LivenessChallengesTable {
  id: import("kysely").Generated<string>;
  tenant_id: string;
  method: ChallengeMethod;
  session_id: string | null;
  sequence: Json<ChallengeSequence>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface LivenessTables {
  liveness_challenges: LivenessChallengesTable;
}
