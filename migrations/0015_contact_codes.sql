-- One-time codes of EMAIL_VERIFICATION and PHONE_VERIFICATION steps (design: OTP steps — 6 digits, valid
-- 10 min, 5 attempts, resend after 30 s, 5 sends per hour per session, hashed at rest). One row per code
-- sent; a new send supersedes the node's previous code. The code itself is never stored: `code_hash` (hex) is
-- HMAC-SHA256 keyed with the row's random `salt`.
CREATE TABLE contact_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  node_id text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'phone')),
  destination text NOT NULL,
  code_hash text NOT NULL,
  salt text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  sent_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  delivered_at timestamptz,
  superseded_at timestamptz,
  verified_at timestamptz
);
CREATE INDEX contact_codes_session_idx ON contact_codes (session_id, node_id, sent_at DESC);
