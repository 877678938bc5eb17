-- VIDEO_CALL (issue 17): one row per call an applicant joins from a session's VIDEO_CALL node. Status moves
-- waiting → ringing → active → completed, or to abandoned from any open state; every move happens under the
-- row lock (src/verify/video/video-calls.ts). operator_id and notes stay internal: decision_v3 never shows
-- them. applicant_seen_at is refreshed by the applicant's signalling socket; the sweep abandons open calls
-- whose applicant has not been seen for VIDEO_PRESENCE_TIMEOUT_S. The recording is uploaded by the agent's
-- browser in ordered chunks (video_call_chunks, bytes in the media store) and assembled into one WebM
-- evidence file; recording_status is null until recording starts, then pending → ready | failed.
CREATE TABLE video_calls (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  node_id text NOT NULL,
  status text NOT NULL DEFAULT 'waiting'
    CHECK (status IN ('waiting', 'ringing', 'active', 'completed', 'abandoned')),
  verdict text CHECK (verdict IN ('pass', 'fail')),
  verdict_reason text,
  operator_id uuid,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  ringing_at timestamptz,
  started_at timestamptz,
  ended_at timestamptz,
  applicant_seen_at timestamptz NOT NULL DEFAULT now(),
  recording_status text CHECK (recording_status IN ('pending', 'ready', 'failed')),
  recording_chunks integer,
  recording_path text
);
-- One open call per session node at a time.
CREATE UNIQUE INDEX video_calls_one_open ON video_calls (session_id, node_id)
  WHERE status IN ('waiting', 'ringing', 'active');
CREATE INDEX video_calls_session ON video_calls (session_id);
CREATE INDEX video_calls_open ON video_calls (status, created_at) WHERE status IN ('waiting', 'ringing', 'active');
CREATE INDEX video_calls_recording_pending ON video_calls (ended_at) WHERE recording_status = 'pending';

CREATE TABLE video_call_screenshots (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  call_id uuid NOT NULL REFERENCES video_calls (id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL,
  label text NOT NULL CHECK (label IN ('document_front', 'document_back', 'face')),
  path text NOT NULL,
  captured_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX video_call_screenshots_call ON video_call_screenshots (call_id, captured_at);

CREATE TABLE video_call_chunks (
  call_id uuid NOT NULL REFERENCES video_calls (id) ON DELETE CASCADE,
  idx integer NOT NULL CHECK (idx >= 0),
  path text NOT NULL,
  size_bytes integer NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (call_id, idx)
);
