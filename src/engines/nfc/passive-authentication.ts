// Passive authentication (ICAO 9303-11 §5.1): the SOD's CMS signature verifies with its Document Signer
// certificate; that certificate was signed by a CSCA from the operator's master list, both are within their
// validity and, where a CRL from the CSCA is loaded, the DS is not revoked; and every data group the chip gave
// hashes to the value the SOD lists. Reasons (stable): sod_signature_invalid, csca_not_trusted,
// dg_hash_mismatch; detail: certificate_expired, certificate_revoked, crl_outdated, dg_not_in_sod.
import { createHash } from "node:crypto";
import type * as pkijs from "pkijs";
import { commonNameOf, countryOf, cryptoEngine, nameKey } from "./pki.js";
import { parseSecurityObject, SecurityObjectError } from "./security-object.js";

export interface TrustAnchors {
  cscas: pkijs.Certificate[];
  crls: pkijs.CertificateRevocationList[];
}

export type DataGroupCheck = "match" | "mismatch" | "not_in_sod";

export interface PassiveAuthentication {
  sod_signature_valid: boolean;
  chain_valid: boolean;
  hash_algorithm: string | null;
  document_signer: CertificateSummary | null;
  csca: CertificateSummary | null;
  /** Per data group given ("dg1"…): whether its hash is the one the SOD lists. */
  data_groups: Record<string, DataGroupCheck>;
  reasons: string[];
}

export interface CertificateSummary {
  subject: string;
  issuer: string;
  serial: string;
  country: string | null;
  not_before: string;
  not_after: string;
}

export function summarizeCertificate(certificate: pkijs.Certificate): CertificateSummary {
  return {
    subject: commonNameOf(certificate.subject),
    issuer: commonNameOf(certificate.issuer),
    serial: Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString("hex"),
    country: countryOf(certificate.subject),
    not_before: certificate.notBefore.value.toISOString(),
    not_after: certificate.notAfter.value.toISOString(),
  };
}

const within = (certificate: pkijs.Certificate, now: Date) =>
  certificate.notBefore.value <= now && now <= certificate.notAfter.value;

async function verifies(check: () => Promise<boolean>): Promise<boolean> {
  try {
    return await check();
  } catch {
    return false;
  }
}

export async function verifyPassiveAuthentication(input: {
  sod: Buffer;
  dataGroups: Map<number, Buffer>;
  trust: TrustAnchors;
  now?: Date;
}): Promise<PassiveAuthentication> {
  const now = input.now ?? new Date();
  const result: PassiveAuthentication = {
    sod_signature_valid: false,
    chain_valid: false,
    hash_algorithm: null,
    document_signer: null,
    csca: null,
    data_groups: {},
    reasons: [],
  };
  const reason = (code: string) => {
    if (!result.reasons.includes(code)) result.reasons.push(code);
  };
  let sod: ReturnType<typeof parseSecurityObject>;
  try {
    sod = parseSecurityObject(input.sod);
  } catch (error) {
    if (!(error instanceof SecurityObjectError)) throw error;
    reason("sod_signature_invalid");
    reason("csca_not_trusted");
    reason("dg_hash_mismatch");
    return result;
  }
  result.hash_algorithm = sod.hashAlgorithm;

  // Data-group hashes.
  for (const [number, bytes] of [...input.dataGroups].sort((a, b) => a[0] - b[0])) {
    const listed = sod.dataGroupHashes.get(number);
    const check: DataGroupCheck = !listed
      ? "not_in_sod"
      : createHash(sod.hashAlgorithm).update(bytes).digest().equals(listed)
        ? "match"
        : "mismatch";
    result.data_groups[`dg${number}`] = check;
    if (check === "mismatch") reason("dg_hash_mismatch");
    if (check === "not_in_sod") {
      reason("dg_not_in_sod");
      reason("dg_hash_mismatch");
    }
  }

  // The CMS signature, by the Document Signer certificate it carries (signed attributes' digest included).
  const signer = sod.documentSigner;
  if (signer) result.document_signer = summarizeCertificate(signer);
  result.sod_signature_valid =
    signer !== null &&
    (await verifies(async () => {
      const verified = await sod.signedData.verify(
        { signer: 0, checkChain: false, extendedMode: true },
        cryptoEngine,
      );
      return verified.signatureVerified === true;
    }));
  if (!result.sod_signature_valid) reason("sod_signature_invalid");
  if (!signer) {
    reason("csca_not_trusted");
    return result;
  }

  // The DS certificate under a CSCA of the master list.
  const issuer = nameKey(signer.issuer);
  let csca: pkijs.Certificate | null = null;
  for (const candidate of input.trust.cscas) {
    if (nameKey(candidate.subject) !== issuer) continue;
    if (await verifies(() => signer.verify(candidate, cryptoEngine))) {
      csca = candidate;
      break;
    }
  }
  if (!csca) {
    reason("csca_not_trusted");
    return result;
  }
  result.csca = summarizeCertificate(csca);
  let chainValid = true;
  if (!within(signer, now) || !within(csca, now)) {
    reason("certificate_expired");
    chainValid = false;
  }
  for (const crl of input.trust.crls) {
    if (nameKey(crl.issuer) !== issuer) continue;
    if (!(await verifies(() => crl.verify({ issuerCertificate: csca }, cryptoEngine)))) continue;
    if (crl.nextUpdate && crl.nextUpdate.value < now) reason("crl_outdated");
    const revoked = (crl.revokedCertificates ?? []).some((entry) =>
      entry.userCertificate.isEqual(signer.serialNumber),
    );
    if (revoked) {
      reason("certificate_revoked");
      chainValid = false;
    }
  }
  result.chain_valid = chainValid;
  if (!chainValid) reason("csca_not_trusted");
  return result;
}
