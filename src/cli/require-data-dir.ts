// An operator command on the embedded database works on DATA_DIR's database: it says which directory that
// is, and refuses to create a new, empty database there unless asked (`--init`). Otherwise a DATA_DIR that
// differs from the running server's would silently get a fresh database and report success.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../config.js";

export const INIT_FLAG = "--init";

export function announceDataDir(dataDir: string): void {
  console.error(`kyc: DATA_DIR=${dataDir}`);
}

export function requireDataDir(dataDir: string, init: boolean): void {
  if (init || existsSync(join(dataDir, "pgdata"))) return;
  throw new ConfigError(
    `No database in DATA_DIR=${dataDir}, and no server is running there.\n` +
      "Set DATA_DIR to the directory the server uses (it logs it at start), " +
      `or pass ${INIT_FLAG} to create a new database here.`,
  );
}
