-- On the embedded database every session read is cached in the one process that owns it
-- (verify/sessions/session-read-cache.ts). These triggers announce, when the transaction commits, which
-- session a change touched — its row, its nodes' results, its reviews, its video calls and their
-- screenshots, whichever code path (API, worker, sweep, console, SQL by hand) made it — on the channel
-- `kyc_session_changed`; payload the session id, or '' (everything) for a TRUNCATE.
-- Only a connection that set `kyc.notify_session_changes` to `on` notifies (the PGlite process sets it on
-- its one connection); on a PostgreSQL server nothing sets it, nothing is cached, and no write pays a NOTIFY.
-- The session a row of one of those tables belongs to, announced (the row as JSON: OLD or NEW).
CREATE OR REPLACE FUNCTION kyc_notify_session_of(table_name text, item jsonb) RETURNS void AS $$
DECLARE
  changed uuid;
BEGIN
  IF table_name = 'sessions' THEN
    changed := (item->>'id')::uuid;
  ELSIF table_name = 'video_call_screenshots' THEN
    SELECT session_id INTO changed FROM video_calls WHERE id = (item->>'call_id')::uuid;
  ELSE
    changed := (item->>'session_id')::uuid;
  END IF;
  IF changed IS NOT NULL THEN
    PERFORM pg_notify('kyc_session_changed', changed::text);
  END IF;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION kyc_session_changed() RETURNS trigger AS $$
BEGIN
  IF current_setting('kyc.notify_session_changes', true) IS DISTINCT FROM 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('kyc_session_changed', '');
    RETURN NULL;
  END IF;
  -- Identical payloads in one transaction are delivered once, so naming both rows costs nothing.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM kyc_notify_session_of(TG_TABLE_NAME, to_jsonb(OLD));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM kyc_notify_session_of(TG_TABLE_NAME, to_jsonb(NEW));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER sessions_changed AFTER INSERT OR UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION kyc_session_changed();
CREATE TRIGGER session_nodes_changed AFTER INSERT OR UPDATE OR DELETE ON session_nodes
  FOR EACH ROW EXECUTE FUNCTION kyc_session_changed();
CREATE TRIGGER session_reviews_changed AFTER INSERT OR UPDATE OR DELETE ON session_reviews
  FOR EACH ROW EXECUTE FUNCTION kyc_session_changed();
CREATE TRIGGER video_calls_changed AFTER INSERT OR UPDATE OR DELETE ON video_calls
  FOR EACH ROW EXECUTE FUNCTION kyc_session_changed();
CREATE TRIGGER video_call_screenshots_changed AFTER INSERT OR UPDATE OR DELETE ON video_call_screenshots
  FOR EACH ROW EXECUTE FUNCTION kyc_session_changed();

CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION kyc_session_changed();
CREATE TRIGGER session_nodes_truncated AFTER TRUNCATE ON session_nodes
  FOR EACH STATEMENT EXECUTE FUNCTION kyc_session_changed();
CREATE TRIGGER session_reviews_truncated AFTER TRUNCATE ON session_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION kyc_session_changed();
CREATE TRIGGER video_calls_truncated AFTER TRUNCATE ON video_calls
  FOR EACH STATEMENT EXECUTE FUNCTION kyc_session_changed();
CREATE TRIGGER video_call_screenshots_truncated AFTER TRUNCATE ON video_call_screenshots
  FOR EACH STATEMENT EXECUTE FUNCTION kyc_session_changed();
