import type { Generated } from "kysely";
import type { Timestamp } from "../../platform/db/column-types.js";

export interface RegistryConnectorsTable {
  tenant_id: string;
  name: string;
  url: string;
  signing_secret: string;
  timeout_ms: Generated<number>;
  retries: Generated<number>;
  enabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RegistryTables {
  registry_connectors: RegistryConnectorsTable;
}
