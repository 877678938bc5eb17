import type { Generated } from "kysely";
import type { Json, Timestamp } from "../../platform/db/column-types.js";

export interface LensServicesTable {
  tenant_id: string;
  service: string;
  url: string;
  headers: Json<Record<string, string>>;
  enabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LensTables {
  lens_services: LensServicesTable;
}
