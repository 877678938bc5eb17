// Kysely table types of the partner surface (migrations/0006_partner.sql).
import type { ColumnType, Generated } from "kysely";
import type { Json, NullableTimestamp, Timestamp } from "../platform/db/column-types.js";

export type RiskListType = "phone" | "email" | "identifier";
export type RiskListAction = "reject" | "manual_review";
export type FormField = "phone" | "email" | "identifier" | "full_name";

export interface RiskListsTable {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  description: Generated<string>;
  type: RiskListType;
  is_active: Generated<boolean>;
  entry_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RiskListEntriesTable {
  id: Generated<string>;
  seq: ColumnType<string, never, never>;
  tenant_id: string;
  list_id: string;
  type: RiskListType;
  value: string;
  comment: Generated<string>;
  created_at: Timestamp;
}

export interface PartnerSettingsTable {
  tenant_id: string;
  hosted_url_ttl_minutes: number | null;
  updated_at: Timestamp;
}

export interface PartnerFlowsTable {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  is_active: Generated<boolean>;
  workflow_id: string;
  form_fields: ColumnType<FormField[], FormField[] | undefined, FormField[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PartnerFlowListsTable {
  flow_id: string;
  list_id: string;
  tenant_id: string;
  action: RiskListAction;
}

export interface BlocklistMatch {
  blocklist_id: string;
  blocklist_name: string;
  block_type: RiskListType;
  value: string;
  action: RiskListAction;
}

export interface PartnerApplicationsTable {
  id: Generated<string>;
  tenant_id: string;
  flow_id: string;
  external_ref: string;
  tracking_id: string;
  status: Generated<string>;
  session_expires_at: NullableTimestamp;
  prefill: Json<Record<string, string>>;
  form_data: Json<Record<string, string> | null> | null;
  sdk_response: Json<Record<string, unknown> | null> | null;
  blocklist_match: Json<BlocklistMatch | null> | null;
  phone: string | null;
  email: string | null;
  identifier: string | null;
  full_name: string | null;
  verification_session_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PartnerApplicationTokensTable {
  token_hash: string;
  tenant_id: string;
  application_id: string;
  created_at: Timestamp;
}

export interface PartnerTables {
  risk_lists: RiskListsTable;
  risk_list_entries: RiskListEntriesTable;
  partner_settings: PartnerSettingsTable;
  partner_flows: PartnerFlowsTable;
  partner_flow_lists: PartnerFlowListsTable;
  partner_applications: PartnerApplicationsTable;
  partner_application_tokens: PartnerApplicationTokensTable;
}
