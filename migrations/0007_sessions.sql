-- Workflows, verification sessions, their per-node results, event log, reviews and idempotency records.

CREATE TABLE workflows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'live', 'archived')),
  is_default boolean NOT NULL DEFAULT false,
  -- Ordered graph: [{id, feature, enabled, config}]
  nodes jsonb NOT NULL,
  branding jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX workflows_tenant_idx ON workflows (tenant_id, created_at);
CREATE UNIQUE INDEX workflows_default_uq ON workflows (tenant_id) WHERE is_default;

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  workflow_id uuid REFERENCES workflows (id),
  workflow_snapshot jsonb NOT NULL,
  individual_id uuid REFERENCES individuals (id) ON DELETE SET NULL,
  application_id uuid,
  token text NOT NULL UNIQUE,
  session_kind text NOT NULL DEFAULT 'user',
  status text NOT NULL DEFAULT 'not_started',
  decision text NOT NULL DEFAULT 'in_progress',
  decision_reason text,
  stage text NOT NULL DEFAULT 'created',
  vendor_data text,
  callback_url text,
  contact_email text,
  contact_phone text,
  locale text NOT NULL DEFAULT 'en',
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  prefill jsonb NOT NULL DEFAULT '{}'::jsonb,
  reference jsonb NOT NULL DEFAULT '{}'::jsonb,
  tags text[] NOT NULL DEFAULT '{}',
  credits_charged numeric NOT NULL DEFAULT 0,
  idempotency_key text,
  expires_at timestamptz NOT NULL,
  started_at timestamptz,
  completed_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_tenant_created_idx ON sessions (tenant_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX sessions_expiry_idx ON sessions (expires_at) WHERE status = 'not_started';

CREATE TABLE session_nodes (
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL,
  node_id text NOT NULL,
  feature text NOT NULL,
  position integer NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'captured', 'evaluated')),
  captures jsonb NOT NULL DEFAULT '{}'::jsonb,
  result jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_id, node_id)
);

CREATE TABLE session_events (
  id bigserial PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL,
  type text NOT NULL,
  actor text NOT NULL DEFAULT 'system',
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX session_events_session_idx ON session_events (session_id, id);

CREATE TABLE session_reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL,
  reviewer text NOT NULL,
  decision text NOT NULL CHECK (decision IN ('approved', 'declined')),
  reason text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- design: idempotency keys live 24 h; the same key with a different body is a 422.
CREATE TABLE idempotency_keys (
  tenant_id uuid NOT NULL,
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  resource_id uuid,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, scope, key)
);
