// `kyc nfc masterlist load FILE` (an ICAO CSCA master list or a PEM bundle of CSCA certificates and CRLs),
// `kyc nfc masterlist list`, `kyc nfc masterlist remove FINGERPRINT`: the trust anchors of NFC_VERIFICATION.
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { type CommandTable, requiredArg } from "../../platform/commands/command-table.js";
import { AppError } from "../../platform/errors.js";
import type { Services } from "../../services.js";
import { listTrustAnchors, loadTrustFile, removeTrustAnchor } from "./trust-store.js";

export const nfcCommands: CommandTable<Services> = {
  "nfc masterlist load": async (services, command) => {
    const file = requiredArg(command, 0, "FILE");
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch {
      throw new AppError("validation_failed", { field: "FILE", message: `Cannot read ${file}.` });
    }
    return loadTrustFile(services.db, bytes, basename(file));
  },
  "nfc masterlist list": async (services) => ({ anchors: await listTrustAnchors(services.db) }),
  "nfc masterlist remove": async (services, command) => {
    await removeTrustAnchor(services.db, requiredArg(command, 0, "FINGERPRINT"));
    return { ok: true };
  },
};
