-- Partner surface (/api/v1): flows, risk lists and their entries, hosted applications and their URL tokens.

-- spec: Risk list — name unique per tenant, type immutable; entry_count kept in the entry-writing transaction.
CREATE TABLE risk_lists (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  type text NOT NULL CHECK (type IN ('phone', 'email', 'identifier')),
  is_active boolean NOT NULL DEFAULT true,
  entry_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, name)
);

-- `type` is copied from the list so /lists/check is one index probe per value (tenant, type, value).
-- `seq` orders "newest first" deterministically inside one bulk insert.
CREATE TABLE risk_list_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY,
  tenant_id uuid NOT NULL,
  list_id uuid NOT NULL REFERENCES risk_lists (id) ON DELETE CASCADE,
  type text NOT NULL,
  value text NOT NULL,
  comment text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (list_id, value)
);
CREATE INDEX risk_list_entries_match_idx ON risk_list_entries (tenant_id, type, value);
CREATE INDEX risk_list_entries_page_idx ON risk_list_entries (list_id, seq DESC);

-- The tenant's default hosted-URL TTL: no row = 30 minutes; NULL = disabled (URLs never expire).
CREATE TABLE partner_settings (
  tenant_id uuid PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  hosted_url_ttl_minutes integer CHECK (hosted_url_ttl_minutes BETWEEN 1 AND 525600),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- workflow_id has no foreign key: the workflows table arrives in another migration.
CREATE TABLE partner_flows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  workflow_id uuid NOT NULL,
  form_fields text[] NOT NULL DEFAULT ARRAY['full_name', 'phone', 'email'],
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX partner_flows_tenant_idx ON partner_flows (tenant_id);

CREATE TABLE partner_flow_lists (
  flow_id uuid NOT NULL REFERENCES partner_flows (id) ON DELETE CASCADE,
  list_id uuid NOT NULL REFERENCES risk_lists (id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL,
  action text NOT NULL CHECK (action IN ('reject', 'manual_review')),
  PRIMARY KEY (flow_id, list_id)
);
CREATE INDEX partner_flow_lists_list_idx ON partner_flow_lists (list_id);

-- external_ref is the JWT jti: the unique index is what makes a repeat (or two racing repeats) a replay.
CREATE TABLE partner_applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  flow_id uuid NOT NULL REFERENCES partner_flows (id),
  external_ref text NOT NULL,
  tracking_id text NOT NULL,
  status text NOT NULL DEFAULT 'created',
  session_expires_at timestamptz,
  prefill jsonb NOT NULL DEFAULT '{}'::jsonb,
  form_data jsonb,
  sdk_response jsonb,
  blocklist_match jsonb,
  phone text,
  email text,
  identifier text,
  full_name text,
  verification_session_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, external_ref),
  UNIQUE (tenant_id, tracking_id)
);
CREATE INDEX partner_applications_session_idx ON partner_applications (verification_session_id);

-- Every minted hosted URL stays valid for its application (a replay adds one); stored as SHA-256.
CREATE TABLE partner_application_tokens (
  token_hash text PRIMARY KEY,
  tenant_id uuid NOT NULL,
  application_id uuid NOT NULL REFERENCES partner_applications (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX partner_application_tokens_app_idx ON partner_application_tokens (application_id);
