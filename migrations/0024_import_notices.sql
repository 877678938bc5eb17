-- Console notifications of finished identity imports (spec: Events — "operator notifications for a finished
-- import are console-only"): a finished batch is a notice for every admin until that operator dismisses it.

CREATE TABLE import_notice_dismissals (
  operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  batch_id uuid NOT NULL REFERENCES import_batches (id) ON DELETE CASCADE,
  dismissed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (operator_id, batch_id)
);

CREATE INDEX import_batches_finished_idx ON import_batches (finished_at) WHERE finished_at IS NOT NULL;
