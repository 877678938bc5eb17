-- Identity import (spec: Verify surface: identity import; Resources: Identity import batch and rows).
-- Counters (processed, created, …) are derived from the rows, so they can never drift from them.

CREATE TABLE import_batches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'completed', 'failed')),
  source_system text NOT NULL,
  consent_reference text NOT NULL,
  on_duplicate text NOT NULL CHECK (on_duplicate IN ('report', 'skip', 'none')),
  total integer NOT NULL,
  -- batch-level slug, empty unless the whole batch stopped
  error text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX import_batches_tenant_idx ON import_batches (tenant_id, created_at DESC);

CREATE TABLE import_rows (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  batch_id uuid NOT NULL REFERENCES import_batches (id) ON DELETE CASCADE,
  row_number integer NOT NULL,
  external_user_id text NOT NULL DEFAULT '',
  photo_url text NOT NULL DEFAULT '',
  full_name text,
  email text,
  phone text,
  country text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'created', 'updated', 'skipped', 'error')),
  detail text NOT NULL DEFAULT '',
  message text NOT NULL DEFAULT '',
  individual_id uuid,
  matches jsonb NOT NULL DEFAULT '[]'::jsonb,
  PRIMARY KEY (batch_id, row_number)
);
CREATE INDEX import_rows_status_idx ON import_rows (batch_id, status, row_number);
