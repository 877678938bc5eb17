-- Identities (per-tenant individuals linked by vendor_data / external_user_id) and evidence media.

CREATE TABLE individuals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  external_user_id text,
  full_name text,
  email text,
  phone text,
  country text,
  date_of_birth date,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'flagged', 'blocked')),
  kyc_status text NOT NULL DEFAULT 'unknown',
  aml_status text NOT NULL DEFAULT 'unknown',
  vendor_authenticated boolean NOT NULL DEFAULT false,
  vendor_identity jsonb,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- spec: AML module outcome — ongoing monitoring copies the workflow's AML config here.
  aml_monitoring jsonb,
  next_rescreen_at timestamptz,
  last_screened_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX individuals_external_uq ON individuals (tenant_id, external_user_id) WHERE external_user_id IS NOT NULL;
CREATE INDEX individuals_rescreen_idx ON individuals (next_rescreen_at) WHERE next_rescreen_at IS NOT NULL;

-- Every evidence file: the bytes live in the media store under `path`; this row scopes it to a tenant.
CREATE TABLE media_objects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  path text NOT NULL UNIQUE,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  kind text NOT NULL,
  session_id uuid,
  individual_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  purged_at timestamptz
);
CREATE INDEX media_objects_session_idx ON media_objects (session_id) WHERE session_id IS NOT NULL;
CREATE INDEX media_objects_retention_idx ON media_objects (tenant_id, created_at) WHERE purged_at IS NULL;
