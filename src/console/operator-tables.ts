// Kysely types of the console's tables (migrations/0009_operators.sql).
import type { ColumnType, Generated } from "kysely";
import type { NullableTimestamp, Timestamp } from "../platform/db/column-types.js";

export type OperatorRole = "admin" | "reviewer";

export interface OperatorsTable {
  id: Generated<string>;
  /** Always lower-cased (a CHECK constraint holds it). */
  email: string;
  password_hash: string;
  role: Generated<OperatorRole>;
  created_at: Timestamp;
  disabled_at: NullableTimestamp;
  /** migrations/0022: the confirmed TOTP secret (base32), the one being enrolled, and the last step used. */
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled_at: NullableTimestamp;
  /** bigint: read as a string. */
  totp_last_step: ColumnType<string | null, number | null | undefined, number | null>;
  must_change_password: Generated<boolean>;
  last_sign_in_at: NullableTimestamp;
}

export interface OperatorTokensTable {
  token_hash: string;
  operator_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** migrations/0014_console_sign_in.sql: consecutive failed sign-ins per email and the lock they set. */
export interface ConsoleLoginFailuresTable {
  email: string;
  failures: Generated<number>;
  locked_until: NullableTimestamp;
  updated_at: Timestamp;
}

/** migrations/0022: the console's service-wide security settings (one row). */
export interface ConsoleSettingsTable {
  id: Generated<boolean>;
  require_totp: Generated<boolean>;
  updated_at: Timestamp;
}

/** migrations/0024_import_notices.sql: finished-import notices an operator has dismissed. */
export interface ImportNoticeDismissalsTable {
  operator_id: string;
  batch_id: string;
  dismissed_at: Timestamp;
}

export interface OperatorTables {
  console_settings: ConsoleSettingsTable;
  operators: OperatorsTable;
  operator_tokens: OperatorTokensTable;
  console_login_failures: ConsoleLoginFailuresTable;
  import_notice_dismissals: ImportNoticeDismissalsTable;
}
