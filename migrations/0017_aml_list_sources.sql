-- Per-list state of the stored AML lists (issue 14): where each list came from (the shipped snapshot, a
-- `kyc aml sync` download or a `kyc aml load` file), the date its data was known current (its age), and
-- what a conditional download needs next time (ETag, Last-Modified). `source` is the dataset key the
-- entities carry in aml_entities.source.
CREATE TABLE aml_list_sources (
  source text PRIMARY KEY,
  origin text NOT NULL CHECK (origin IN ('snapshot', 'sync', 'file')),
  registry_key text,
  url text,
  version text,
  etag text,
  last_modified text,
  -- When the list's content was last known current: publication date for the snapshot, the last
  -- successful download or 304 check for sync, the load time for a file.
  as_of timestamptz NOT NULL,
  entity_count integer NOT NULL DEFAULT 0,
  loaded_at timestamptz NOT NULL DEFAULT now(),
  checked_at timestamptz,
  last_error text
);
