-- Webhook outbox (written in the transaction of the state change) and one row per delivery attempt.

CREATE TABLE webhook_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  target_url text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed', 'skipped')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  last_error text,
  session_id uuid,
  application_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX webhook_events_tenant_idx ON webhook_events (tenant_id, created_at DESC);

CREATE TABLE webhook_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id uuid NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL,
  attempt integer NOT NULL,
  url text NOT NULL,
  status_code integer,
  error text,
  duration_ms integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_attempts_event_idx ON webhook_attempts (event_id, attempt);
