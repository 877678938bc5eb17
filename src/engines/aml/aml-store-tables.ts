// Kysely types of migrations/0008_aml.sql: the AML lists as loaded by `kyc aml load`.
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

export interface AmlTables {
  aml_list_loads: AmlListLoadsTable;
  aml_entities: AmlEntitiesTable;
}
