-- AML lists (design: public, read-only list data kept in PostgreSQL; every node builds its own in-memory
-- index from it). `data` is the engine's AmlEntity; `load_id` is the load that last wrote the row, so a
-- full list reload can drop the entries its source no longer lists.

CREATE TABLE aml_list_loads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source text NOT NULL,
  format text NOT NULL,
  file_name text,
  entity_count integer NOT NULL DEFAULT 0,
  added integer NOT NULL DEFAULT 0,
  modified integer NOT NULL DEFAULT 0,
  deleted integer NOT NULL DEFAULT 0,
  loaded_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX aml_list_loads_loaded_idx ON aml_list_loads (loaded_at DESC);

CREATE TABLE aml_entities (
  id text PRIMARY KEY,
  source text NOT NULL,
  data jsonb NOT NULL,
  load_id uuid,
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX aml_entities_source_idx ON aml_entities (source);
