-- Platform: tenants, API keys, entitlements, rate card, credit ledger, rate-limit windows, jobs, cron, audit.

CREATE TABLE tenants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  credit_balance numeric NOT NULL DEFAULT 0 CHECK (credit_balance >= 0),
  jwt_signing_secret text NOT NULL,
  webhook_signing_secret text,
  webhook_url text,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  label text NOT NULL DEFAULT '',
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_tenant_idx ON api_keys (tenant_id);

-- A row means the feature is enabled for the tenant.
CREATE TABLE tenant_features (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  feature text NOT NULL,
  enabled_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, feature)
);

-- Rate card: global defaults (tenant_id NULL) and per-tenant overrides.
CREATE TABLE rates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid REFERENCES tenants (id) ON DELETE CASCADE,
  feature text NOT NULL,
  amount numeric NOT NULL CHECK (amount >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX rates_global_uq ON rates (feature) WHERE tenant_id IS NULL;
CREATE UNIQUE INDEX rates_tenant_uq ON rates (tenant_id, feature) WHERE tenant_id IS NOT NULL;

CREATE TABLE credit_ledger (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  delta numeric NOT NULL,
  reason text NOT NULL CHECK (reason IN ('session_create', 'kyc_session', 'kyc_module', 'tool_usage', 'refund', 'topup', 'adjust')),
  feature text NOT NULL DEFAULT '',
  session_id text NOT NULL DEFAULT '',
  application_id text NOT NULL DEFAULT '',
  workflow_id uuid,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_ledger_tenant_created_idx ON credit_ledger (tenant_id, created_at DESC, id DESC);

CREATE TABLE rate_limit_windows (
  tenant_id uuid NOT NULL,
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, bucket, window_start)
);

CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5,
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_error text,
  dedupe_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX jobs_ready_idx ON jobs (run_at, id) WHERE status = 'queued';
CREATE INDEX jobs_running_idx ON jobs (locked_until) WHERE status = 'running';
CREATE UNIQUE INDEX jobs_dedupe_uq ON jobs (name, dedupe_key) WHERE dedupe_key IS NOT NULL AND status IN ('queued', 'running');

CREATE TABLE cron_schedule (
  name text PRIMARY KEY,
  next_run_at timestamptz NOT NULL,
  last_run_at timestamptz
);

CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid,
  actor text NOT NULL,
  action text NOT NULL,
  target text NOT NULL DEFAULT '',
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_tenant_idx ON audit_log (tenant_id, created_at DESC);

CREATE TABLE daily_usage (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  day date NOT NULL,
  feature text NOT NULL,
  uses integer NOT NULL,
  credits numeric NOT NULL,
  PRIMARY KEY (tenant_id, day, feature)
);
