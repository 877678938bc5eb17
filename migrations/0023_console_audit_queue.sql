-- The console's audit log page (newest first, filtered by actor, action prefix, tenant and date; paged) and
-- the review queue's list of identities flagged by ongoing AML monitoring (issue 19).

CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor, created_at DESC);
CREATE INDEX individuals_flagged_idx ON individuals (updated_at) WHERE status = 'flagged';
