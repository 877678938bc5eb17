// Kysely types of the face gallery (migrations/0004_gallery_signatures.sql).
import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "../../platform/db/column-types.js";

/** spec: face-search — only live session selfies and imported photos are enrolled. */
export type FaceSource = "session_selfie" | "import";

export interface FacesTable {
  id: Generated<string>;
  tenant_id: string;
  individual_id: string;
  session_id: string | null;
  import_batch_id: string | null;
  source: FaceSource;
  /** real[]: read back as number[]. */
  embedding: ColumnType<number[], number[], number[]>;
  embedding_model: string;
  embedding_width: number;
  thumb_path: string | null;
  thumb_media_id: string | null;
  created_at: Timestamp;
}

export interface FaceGalleryTables {
  faces: FacesTable;
}
