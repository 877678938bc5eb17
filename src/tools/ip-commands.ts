// `kyc ip update FILE` (a newer city or ASN database, checked before it replaces anything) and
// `kyc ip status` (which file answers each lookup). Files live in this node's DATA_DIR/ip-data: with
// several nodes, run the update on each. Run through a live server's admin socket, the server's open
// databases are dropped so its next lookup reads the new file.
import { resolve } from "node:path";
import { installIpDataFile } from "../engines/ip/install-ip-file.js";
import { sourceFor } from "../engines/ip/ip-data-files.js";
import { type CommandTable, requiredArg } from "../platform/commands/command-table.js";
import { AppError } from "../platform/errors.js";
import type { Services } from "../services.js";

export const ipCommands: CommandTable<Services> = {
  "ip update": async (services, command) => {
    const file = resolve(requiredArg(command, 0, "FILE"));
    let installed: Awaited<ReturnType<typeof installIpDataFile>>;
    try {
      installed = await installIpDataFile(services.config.dataDir, file);
    } catch (error) {
      throw new AppError("validation_failed", { message: `${file}: ${(error as Error).message}` });
    }
    services.engines.ip().reload();
    return { ok: true, ...installed };
  },
  "ip status": async (services) => {
    const row = (kind: "city" | "asn", version: 4 | 6) => {
      const source = sourceFor(services.config.dataDir, kind, version);
      return { kind, version, file: source.path, installed: source.installed };
    };
    return { sources: [row("city", 4), row("city", 6), row("asn", 4), row("asn", 6)] };
  },
};
