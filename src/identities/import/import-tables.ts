// Kysely types of the identity import (migrations/0010_identity_import.sql).
import type { ColumnType, Generated } from "kysely";
import type { NullableTimestamp, Timestamp } from "../../platform/db/column-types.js";

export type ImportBatchStatus = "pending" | "running" | "completed" | "failed";
export type ImportRowStatus = "pending" | "created" | "updated" | "skipped" | "error";
export type OnDuplicate = "report" | "skip" | "none";

export const IMPORT_ROW_STATUSES: readonly ImportRowStatus[] = [
  "pending",
  "created",
  "updated",
  "skipped",
  "error",
];

export interface ImportBatchesTable {
  id: Generated<string>;
  tenant_id: string;
  status: Generated<ImportBatchStatus>;
  source_system: string;
  consent_reference: string;
  on_duplicate: OnDuplicate;
  total: number;
  error: Generated<string>;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

export interface ImportRowsTable {
  tenant_id: string;
  batch_id: string;
  row_number: number;
  external_user_id: Generated<string>;
  photo_url: Generated<string>;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
  status: Generated<ImportRowStatus>;
  detail: Generated<string>;
  message: Generated<string>;
  individual_id: string | null;
  matches: ColumnType<unknown[], string | undefined, string>;
}

export interface IdentityImportTables {
  import_batches: ImportBatchesTable;
  import_rows: ImportRowsTable;
}
