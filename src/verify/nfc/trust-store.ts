// The operator's trust anchors for passive authentication: CSCA certificates and CRLs from a loaded master
// list or PEM bundle, stored once each (by DER fingerprint) and read back for every chip check.
import { createHash } from "node:crypto";
import * as pkijs from "pkijs";
import { MasterListError, parseTrustMaterial } from "../../engines/nfc/master-list.js";
import type { TrustAnchors } from "../../engines/nfc/passive-authentication.js";
import { commonNameOf, countryOf, toArrayBuffer } from "../../engines/nfc/pki.js";
import { type Queryable, withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";

export interface LoadedTrust {
  format: string;
  certificates: number;
  crls: number;
  /** Of those, how many were not stored before. */
  added: number;
}

const fingerprint = (der: Buffer) => createHash("sha256").update(der).digest("hex");

export async function loadTrustFile(db: Queryable, bytes: Buffer, source: string): Promise<LoadedTrust> {
  let material: Awaited<ReturnType<typeof parseTrustMaterial>>;
  try {
    material = await parseTrustMaterial(bytes);
  } catch (error) {
    if (error instanceof MasterListError) {
      throw new AppError("validation_failed", { field: "FILE", message: error.message });
    }
    throw error;
  }
  const rows = [
    ...material.certificates.map((certificate) => {
      const der = Buffer.from(certificate.toSchema(true).toBER(false));
      return {
        fingerprint: fingerprint(der),
        kind: "csca" as const,
        der,
        subject: commonNameOf(certificate.subject),
        country: countryOf(certificate.subject),
        not_after: certificate.notAfter.value,
        source,
      };
    }),
    ...material.crls.map((crl) => {
      const der = Buffer.from(crl.toSchema(true).toBER(false));
      return {
        fingerprint: fingerprint(der),
        kind: "crl" as const,
        der,
        subject: commonNameOf(crl.issuer),
        country: countryOf(crl.issuer),
        not_after: crl.nextUpdate?.value ?? null,
        source,
      };
    }),
  ];
  const added = await withTransaction(db, async (tx) => {
    let count = 0;
    for (const row of rows) {
      const inserted = await tx
        .insertInto("nfc_trust_anchors")
        .values(row)
        .onConflict((oc) => oc.column("fingerprint").doNothing())
        .returning("fingerprint")
        .executeTakeFirst();
      if (inserted) count += 1;
    }
    return count;
  });
  return {
    format: material.format,
    certificates: material.certificates.length,
    crls: material.crls.length,
    added,
  };
}

export async function listTrustAnchors(db: Queryable) {
  return db
    .selectFrom("nfc_trust_anchors")
    .select(["fingerprint", "kind", "subject", "country", "not_after", "source", "loaded_at"])
    .orderBy("country")
    .orderBy("subject")
    .execute();
}

export async function removeTrustAnchor(db: Queryable, fingerprintHex: string): Promise<void> {
  const removed = await db
    .deleteFrom("nfc_trust_anchors")
    .where("fingerprint", "=", fingerprintHex.toLowerCase())
    .returning("fingerprint")
    .executeTakeFirst();
  if (!removed) throw new AppError("not_found", { message: `No trust anchor ${fingerprintHex}.` });
}

// Parsed anchors by DER fingerprint: a full ICAO master list holds hundreds of CSCAs, and parsing every one of
// them again for each chip check cost more than the check itself. Anchors removed from the table leave the map
// on the next load.
const parsed = new Map<string, pkijs.Certificate | pkijs.CertificateRevocationList>();

export async function loadTrustAnchors(db: Queryable): Promise<TrustAnchors> {
  const rows = await db.selectFrom("nfc_trust_anchors").select(["fingerprint", "kind", "der"]).execute();
  const present = new Set(rows.map((row) => row.fingerprint));
  for (const key of parsed.keys()) if (!present.has(key)) parsed.delete(key);
  const anchors: TrustAnchors = { cscas: [], crls: [] };
  for (const row of rows) {
    let value = parsed.get(row.fingerprint);
    if (!value) {
      const ber = toArrayBuffer(row.der);
      value =
        row.kind === "csca" ? pkijs.Certificate.fromBER(ber) : pkijs.CertificateRevocationList.fromBER(ber);
      parsed.set(row.fingerprint, value);
    }
    if (value instanceof pkijs.Certificate) anchors.cscas.push(value);
    else anchors.crls.push(value);
  }
  return anchors;
}
