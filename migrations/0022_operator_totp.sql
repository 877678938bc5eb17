-- Console operators (issue 19): an optional TOTP second factor per operator, a setting that makes it mandatory
-- for everyone, and admin-issued temporary passwords that must be changed at the next sign-in.
-- The TOTP secret has to be readable to check a code (it cannot be hashed); like the tenants' signing secrets it
-- is stored as is, so the database is the thing to protect. totp_last_step is the last 30-second step a code
-- was accepted for: a code is never accepted twice.

ALTER TABLE operators
  ADD COLUMN totp_secret text,
  ADD COLUMN totp_pending_secret text,
  ADD COLUMN totp_enabled_at timestamptz,
  ADD COLUMN totp_last_step bigint,
  ADD COLUMN must_change_password boolean NOT NULL DEFAULT false,
  ADD COLUMN last_sign_in_at timestamptz;

-- Operators are not tenant-bound, so their security settings are one row for the whole service.
CREATE TABLE console_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  require_totp boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO console_settings (id) VALUES (true);
