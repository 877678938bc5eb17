-- Lens upstreams (spec: tools — POST /v3/tools/lens/{service}/): per tenant, the service name, the URL the
-- image is forwarded to, extra request headers (an upstream's own credentials), and whether it is enabled.
-- A tenant can only call a service an operator registered and enabled for it.
CREATE TABLE lens_services (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  service text NOT NULL,
  url text NOT NULL,
  headers jsonb NOT NULL DEFAULT '{}'::jsonb,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, service)
);
