-- Webhook delivery in phases: each attempt row says what kind of failure it was (and keeps room for a bounded
-- excerpt of the receiver's answer), and each tenant's endpoint carries its failure streak and whether
-- delivery is disabled, with why and when (style: Svix disables endpoints after a long run of failures).

ALTER TABLE webhook_attempts
  ADD COLUMN error_class text,
  ADD COLUMN response_excerpt text;

CREATE TABLE webhook_endpoint_health (
  tenant_id uuid PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  -- The destination the current streak belongs to: a new URL starts a new streak.
  url text,
  -- First failed attempt since the last success; null while the endpoint is healthy.
  failing_since timestamptz,
  consecutive_failures integer NOT NULL DEFAULT 0,
  last_failure_at timestamptz,
  last_success_at timestamptz,
  disabled_at timestamptz,
  disabled_reason text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Events held back while the endpoint was disabled are requeued when it is enabled again.
CREATE INDEX webhook_events_held_idx ON webhook_events (tenant_id)
  WHERE status = 'failed' AND last_error = 'endpoint_disabled';
