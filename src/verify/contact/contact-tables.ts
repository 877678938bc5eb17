// Kysely table types for the one-time codes of contact verification (migrations/0015_contact_codes.sql).
import type { Generated } from "kysely";
import type { NullableTimestamp, Timestamp } from "../../platform/db/column-types.js";

export type ContactChannel = "email" | "phone";

export interface ContactCodesTable {
  id: Generated<string>;
  tenant_id: string;
  session_id: string;
  node_id: string;
  channel: ContactChannel;
  /** The address or E.164 number the code went to. */
  destination: string;
  /** Hex HMAC-SHA256 of the code keyed with `salt`; the code itself is never stored. */
  code_hash: string;
  salt: string;
  attempts: Generated<number>;
  sent_at: Timestamp;
  expires_at: Timestamp;
  /** Set once the provider accepted the message; a row without it was never seen by the applicant. */
  delivered_at: NullableTimestamp;
  superseded_at: NullableTimestamp;
  verified_at: NullableTimestamp;
}

export interface ContactTables {
  contact_codes: ContactCodesTable;
}
