-- NFC_VERIFICATION. nfc_trust_anchors: the CSCA certificates and CRLs the operator loaded (`kyc nfc
-- masterlist load FILE`), shared by every tenant (passive authentication trusts a country's CSCA, not a
-- tenant), deduplicated by the SHA-256 of their DER. nfc_challenges: the 8-byte active-authentication
-- challenges the applicant API issues per session node; single use, short-lived.
CREATE TABLE nfc_trust_anchors (
  fingerprint text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('csca', 'crl')),
  der bytea NOT NULL,
  subject text NOT NULL,
  country text,
  not_after timestamptz,
  source text NOT NULL,
  loaded_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE nfc_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  node_id text NOT NULL,
  challenge bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX nfc_challenges_session ON nfc_challenges (session_id, node_id);
