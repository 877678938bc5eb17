// Kysely types of enrolled signature samples (migrations/0004_gallery_signatures.sql).
import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "../../platform/db/column-types.js";

export interface SignatureSamplesTable {
  id: Generated<string>;
  tenant_id: string;
  individual_id: string;
  /** spec: Limits — at most 120 characters. */
  label: Generated<string>;
  /** real[]: read back as number[]. */
  descriptor: ColumnType<number[], number[], number[]>;
  descriptor_version: number;
  crop_path: string | null;
  crop_media_id: string | null;
  created_at: Timestamp;
}

export interface SignatureSampleTables {
  signature_samples: SignatureSamplesTable;
}
