-- DATABASE_VALIDATION registry connectors: per tenant, a named HTTPS endpoint the node POSTs the confirmed
-- identity fields to (signed like webhooks with the connector's own secret), how long to wait and how many
-- times to retry. A workflow node names its connector; only the owning tenant's sessions ever reach it.
CREATE TABLE registry_connectors (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  url text NOT NULL,
  signing_secret text NOT NULL,
  timeout_ms integer NOT NULL DEFAULT 10000 CHECK (timeout_ms BETWEEN 100 AND 60000),
  retries integer NOT NULL DEFAULT 2 CHECK (retries BETWEEN 0 AND 5),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, name)
);
