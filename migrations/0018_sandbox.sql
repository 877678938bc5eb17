-- Sandbox (design: Wave 2 decisions — Sandbox): test keys beside live keys, and the sessions they create.
-- A test session is never charged (no ledger row), never linked to an identity, never enrolled in the face
-- gallery or AML monitoring, and is visible only to test keys (live keys never see it, and vice versa).

ALTER TABLE api_keys ADD COLUMN test boolean NOT NULL DEFAULT false;
ALTER TABLE sessions ADD COLUMN test boolean NOT NULL DEFAULT false;
