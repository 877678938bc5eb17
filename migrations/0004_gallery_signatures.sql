-- Face gallery and signature samples (spec: face-search, signature-search, signature-enroll).
-- Embeddings are stored as real[] so the schema is the same on every server; where pgvector exists an
-- `embedding_vec vector(128)` column, its sync trigger and an HNSW index are added at startup by
-- src/identities/face-gallery/vector-index.ts (never here: this file must apply on a server without it).

-- Only selfies captured live in sessions and imported photos are enrolled (spec: face-search):
-- document portraits, vendor reference faces and liveness stills never are.
CREATE TABLE faces (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  individual_id uuid NOT NULL REFERENCES individuals (id) ON DELETE CASCADE,
  session_id uuid,
  import_batch_id uuid,
  source text NOT NULL CHECK (source IN ('session_selfie', 'import')),
  embedding real[] NOT NULL,
  embedding_model text NOT NULL,
  embedding_width integer NOT NULL,
  thumb_path text,
  thumb_media_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (source <> 'session_selfie' OR session_id IS NOT NULL),
  CHECK (source <> 'import' OR import_batch_id IS NOT NULL)
);
CREATE INDEX faces_tenant_idx ON faces (tenant_id, embedding_model);
CREATE INDEX faces_session_idx ON faces (tenant_id, session_id) WHERE session_id IS NOT NULL;
CREATE INDEX faces_import_batch_idx ON faces (tenant_id, import_batch_id) WHERE import_batch_id IS NOT NULL;
CREATE INDEX faces_individual_idx ON faces (tenant_id, individual_id);

-- spec: Limits — signature label 120 characters. The descriptor is not a cosine space (signature
-- engine README), so search is an exact in-process scan and no vector column is kept.
CREATE TABLE signature_samples (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  individual_id uuid NOT NULL REFERENCES individuals (id) ON DELETE CASCADE,
  label text NOT NULL DEFAULT '' CHECK (char_length(label) <= 120),
  descriptor real[] NOT NULL,
  descriptor_version integer NOT NULL,
  crop_path text,
  crop_media_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signature_samples_tenant_idx ON signature_samples (tenant_id, descriptor_version);
CREATE INDEX signature_samples_individual_idx ON signature_samples (tenant_id, individual_id);
