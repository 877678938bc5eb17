-- Session URL tokens are kept only as their SHA-256 (issue 22): a copy of the database opens no hosted flow.
-- Existing rows keep working: the hash of the token already handed out is stored, and the URL later reads
-- show is derived from the session id with the deployment's token key (src/verify/applicant/session-token.ts).
ALTER TABLE sessions ADD COLUMN token_hash text;
UPDATE sessions SET token_hash = encode(sha256(convert_to(token, 'UTF8')), 'hex');
ALTER TABLE sessions ALTER COLUMN token_hash SET NOT NULL;
ALTER TABLE sessions ADD CONSTRAINT sessions_token_hash_key UNIQUE (token_hash);
ALTER TABLE sessions DROP COLUMN token;
