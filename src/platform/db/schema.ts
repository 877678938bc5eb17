// Kysely table types. Each feature area declares its tables (column types from the leaf column-types.ts);
// Database composes them: the one place platform/ names types from above it (type-only, checked by the
// dependency rule), so a query anywhere sees one schema.
import type { ColumnType, Generated } from "kysely";
import type { OperatorTables } from "../../console/operator-tables.js";
import type { AmlTables } from "../../engines/aml/aml-store-tables.js";
import type { LivenessTables } from "../../engines/liveness/liveness-tables.js";
import type { FaceGalleryTables } from "../../identities/face-gallery/face-tables.js";
import type { IdentityImportTables } from "../../identities/import/import-tables.js";
import type { SignatureSampleTables } from "../../identities/signature-samples/signature-tables.js";
import type { PartnerTables } from "../../partner/partner-tables.js";
import type { LensTables } from "../../tools/lens/lens-tables.js";
import type { ContactTables } from "../../verify/contact/contact-tables.js";
import type { NfcTables } from "../../verify/nfc/nfc-tables.js";
import type { RegistryTables } from "../../verify/registry/registry-tables.js";
import type { SessionTables } from "../../verify/session-tables.js";
import type { VideoTables } from "../../verify/video/video-tables.js";
import type { WebhookTables } from "../../webhooks/webhook-tables.js";
import type { Decimal, Json, NullableTimestamp, Timestamp } from "./column-types.js";

export interface TenantsTable {
  id: Generated<string>;
  name: string;
  status: Generated<"active" | "suspended">;
  credit_balance: ColumnType<string, string | number | undefined, string | number>;
  jwt_signing_secret: string;
  webhook_signing_secret: string | null;
  webhook_url: string | null;
  settings: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ApiKeysTable {
  id: Generated<string>;
  tenant_id: string;
  label: Generated<string>;
  prefix: string;
  key_hash: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  /** A sandbox key (`kyc_test_…`): its sessions are test sessions (migrations/0018_sandbox.sql). */
  test: Generated<boolean>;
}

export interface TenantFeaturesTable {
  tenant_id: string;
  feature: string;
  enabled_at: Timestamp;
}

export interface RatesTable {
  id: Generated<string>;
  tenant_id: string | null;
  feature: string;
  amount: Decimal;
  updated_at: Timestamp;
}

export type LedgerReason =
  | "session_create"
  | "kyc_session"
  | "kyc_module"
  | "tool_usage"
  | "refund"
  | "topup"
  | "adjust";

export interface CreditLedgerTable {
  id: Generated<string>;
  tenant_id: string;
  delta: Decimal;
  reason: LedgerReason;
  feature: Generated<string>;
  session_id: Generated<string>;
  application_id: Generated<string>;
  workflow_id: string | null;
  note: Generated<string>;
  created_at: Timestamp;
}

export interface RateLimitWindowsTable {
  tenant_id: string;
  bucket: string;
  window_start: Date | string;
  hits: Generated<number>;
}

export interface JobsTable {
  id: Generated<string>;
  name: string;
  payload: Json<unknown>;
  status: Generated<"queued" | "running" | "completed" | "failed">;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Timestamp;
  locked_until: NullableTimestamp;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

export interface CronScheduleTable {
  name: string;
  next_run_at: Date | string;
  last_run_at: NullableTimestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  tenant_id: string | null;
  actor: string;
  action: string;
  target: Generated<string>;
  data: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface DailyUsageTable {
  tenant_id: string;
  day: ColumnType<string, string, string>;
  feature: string;
  uses: number;
  credits: Decimal;
}

export interface PlatformTables {
  tenants: TenantsTable;
  api_keys: ApiKeysTable;
  tenant_features: TenantFeaturesTable;
  rates: RatesTable;
  credit_ledger: CreditLedgerTable;
  rate_limit_windows: RateLimitWindowsTable;
  jobs: JobsTable;
  cron_schedule: CronScheduleTable;
  audit_log: AuditLogTable;
  daily_usage: DailyUsageTable;
}

export interface IndividualsTable {
  id: Generated<string>;
  tenant_id: string;
  external_user_id: string | null;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
  date_of_birth: ColumnType<string | null, string | null | undefined, string | null>;
  status: Generated<"active" | "flagged" | "blocked">;
  kyc_status: Generated<string>;
  aml_status: Generated<string>;
  vendor_authenticated: Generated<boolean>;
  vendor_identity: Json<Record<string, unknown> | null> | null;
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  aml_monitoring: Json<Record<string, unknown> | null> | null;
  next_rescreen_at: NullableTimestamp;
  last_screened_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MediaObjectsTable {
  id: Generated<string>;
  tenant_id: string;
  path: string;
  content_type: string;
  size_bytes: number;
  kind: string;
  session_id: string | null;
  individual_id: string | null;
  created_at: Timestamp;
  purged_at: NullableTimestamp;
}

export interface IdentityTables {
  individuals: IndividualsTable;
  media_objects: MediaObjectsTable;
}

export interface Database
  extends PlatformTables,
    IdentityTables,
    SessionTables,
    WebhookTables,
    PartnerTables,
    FaceGalleryTables,
    SignatureSampleTables,
    LivenessTables,
    AmlTables,
    OperatorTables,
    IdentityImportTables,
    ContactTables,
    LensTables,
    RegistryTables,
    NfcTables,
    VideoTables {}
