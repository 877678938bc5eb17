-- Console operators (design: Operator CLI — `kyc operator create`; the console offers the same through its
-- own API). Passwords are scrypt hashes with their salt and parameters in the string; bearer tokens are
-- stored as SHA-256 only, like API keys.

CREATE TABLE operators (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'reviewer')),
  created_at timestamptz NOT NULL DEFAULT now(),
  disabled_at timestamptz,
  CONSTRAINT operators_email_lower CHECK (email = lower(email))
);
CREATE UNIQUE INDEX operators_email_idx ON operators (email);

CREATE TABLE operator_tokens (
  token_hash text PRIMARY KEY,
  operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operator_tokens_operator_idx ON operator_tokens (operator_id);
CREATE INDEX operator_tokens_expires_idx ON operator_tokens (expires_at);
