-- A session read lists the session's reviews (decision_v3.reviews, oldest first) in the same statement as
-- the session row (verify/sessions/session-parts.ts); without an index that was a scan of every review of
-- every tenant on each read.
CREATE INDEX session_reviews_session_idx ON session_reviews (session_id, created_at);
