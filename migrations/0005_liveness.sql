-- Liveness challenges (design: single use, 120 s validity; spec: Limits — deleted one day after expiry
-- by the liveness.sweep-challenges job). Nothing else of a liveness tool call is kept.
CREATE TABLE liveness_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('FLASHING', '3D_ACTION', 'GESTURE')),
  session_id uuid,
  sequence jsonb NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX liveness_challenges_tenant_idx ON liveness_challenges (tenant_id, id);
CREATE INDEX liveness_challenges_expiry_idx ON liveness_challenges (expires_at);
