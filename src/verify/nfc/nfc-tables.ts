import type { Generated } from "kysely";
import type { NullableTimestamp, Timestamp } from "../../platform/db/column-types.js";

export interface NfcTrustAnchorsTable {
  fingerprint: string;
  kind: "csca" | "crl";
  der: Buffer;
  subject: string;
  country: string | null;
  not_after: NullableTimestamp;
  source: string;
  loaded_at: Timestamp;
}

export interface NfcChallengesTable {
  id: Generated<string>;
  tenant_id: string;
  session_id: string;
  node_id: string;
  challenge: Buffer;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface NfcTables {
  nfc_trust_anchors: NfcTrustAnchorsTable;
  nfc_challenges: NfcChallengesTable;
}
