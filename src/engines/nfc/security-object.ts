// EF.SOD (ICAO 9303-10 §4.6.2): tag 0x77 around a CMS ContentInfo whose SignedData encapsulates the
// LDSSecurityObject — the hash algorithm and one hash per data group — signed by the Document Signer, whose
// certificate travels in the SignedData.
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { HASH_OIDS, parseAsn1 } from "./pki.js";
import { readTlv } from "./tlv.js";

export const LDS_SECURITY_OBJECT_OID = "2.23.136.1.1.1";

export interface SecurityObject {
  signedData: pkijs.SignedData;
  /** Node's name for the data groups' hash (sha256…). */
  hashAlgorithm: string;
  dataGroupHashes: Map<number, Buffer>;
  documentSigner: pkijs.Certificate | null;
}

export class SecurityObjectError extends Error {}

export function parseSecurityObject(sod: Buffer): SecurityObject {
  let cms: Buffer = sod;
  if (sod[0] === 0x77) cms = readTlv(sod).value;
  const asn = parseAsn1(cms);
  if (!asn) throw new SecurityObjectError("SOD is not DER");
  let signedData: pkijs.SignedData;
  try {
    const info = new pkijs.ContentInfo({ schema: asn });
    if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA)
      throw new SecurityObjectError("SOD is not SignedData");
    signedData = new pkijs.SignedData({ schema: info.content });
  } catch (error) {
    if (error instanceof SecurityObjectError) throw error;
    throw new SecurityObjectError(`SOD: ${(error as Error).message}`);
  }
  const encapsulated = signedData.encapContentInfo;
  if (encapsulated.eContentType !== LDS_SECURITY_OBJECT_OID || !encapsulated.eContent) {
    throw new SecurityObjectError("SOD does not encapsulate an LDSSecurityObject");
  }
  const content = parseAsn1(Buffer.from(encapsulated.eContent.getValue()));
  if (!(content instanceof asn1js.Sequence))
    throw new SecurityObjectError("LDSSecurityObject is not a SEQUENCE");
  const [, algorithm, hashes] = content.valueBlock.value as asn1js.Sequence[];
  const oid = (algorithm?.valueBlock.value[0] as asn1js.ObjectIdentifier | undefined)?.valueBlock.toString();
  const hashAlgorithm = oid ? HASH_OIDS[oid] : undefined;
  if (!hashAlgorithm) throw new SecurityObjectError(`unsupported data-group hash algorithm ${oid ?? "?"}`);
  const dataGroupHashes = new Map<number, Buffer>();
  for (const entry of (hashes?.valueBlock.value ?? []) as asn1js.Sequence[]) {
    const [number, value] = entry.valueBlock.value as [asn1js.Integer, asn1js.OctetString];
    dataGroupHashes.set(number.valueBlock.valueDec, Buffer.from(value.valueBlock.valueHexView));
  }
  const signer = signedData.signerInfos[0];
  const certificates = (signedData.certificates ?? []).filter(
    (item): item is pkijs.Certificate => item instanceof pkijs.Certificate,
  );
  let documentSigner: pkijs.Certificate | null = null;
  if (signer?.sid instanceof pkijs.IssuerAndSerialNumber) {
    const sid = signer.sid;
    documentSigner =
      certificates.find(
        (cert) => cert.issuer.isEqual(sid.issuer) && cert.serialNumber.isEqual(sid.serialNumber),
      ) ?? null;
  } else documentSigner = certificates[0] ?? null;
  return { signedData, hashAlgorithm, dataGroupHashes, documentSigner };
}
