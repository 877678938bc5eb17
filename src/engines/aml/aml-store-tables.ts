// Kysely types of migrations/0008_aml.sql and 0017_aml_list_sources.sql: the AML lists and their per-list state.
import type { ColumnType, Generated } from "kysely";
import type { AmlEntity } from "./entity.js";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AmlListLoadsTable {
  id: Generated<string>;
  source: string;
  format: string;
  file_name: string | null;
  entity_count: Generated<number>;
  added: Generated<number>;
  modified: Generated<number>;
  deleted: Generated<number>;
  loaded_at: Timestamp;
}

export interface AmlEntitiesTable {
  id: string;
  source: string;
  data: ColumnType<AmlEntity, string, string>;
  load_id: string | null;
  first_seen: Timestamp;
  last_seen: Timestamp;
  updated_at: Timestamp;
}

export type ListOrigin = "snapshot" | "sync" | "file";

export interface AmlListSourcesTable {
  source: string;
  origin: ListOrigin;
  registry_key: string | null;
  url: string | null;
  version: string | null;
  etag: string | null;
  last_modified: string | null;
  as_of: Timestamp;
  entity_count: Generated<number>;
  loaded_at: Timestamp;
  checked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: string | null;
}

export interface AmlTables {
  aml_list_loads: AmlListLoadsTable;
  aml_entities: AmlEntitiesTable;
  aml_list_sources: AmlListSourcesTable;
}
