// What `kyc nfc masterlist load FILE` reads: an ICAO CSCA master list (ICAO 9303-12 §9: CMS SignedData whose
// content, id-icao-cscaMasterList, is a SET of CSCA certificates, signed by a master-list signer certificate
// issued by one of them) or a PEM bundle of CSCA certificates and X.509 CRLs. A master list whose signature
// does not verify, or whose signer no listed CSCA issued, is refused whole.
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { cryptoEngine, nameKey, parseAsn1, toArrayBuffer } from "./pki.js";

export const CSCA_MASTER_LIST_OID = "2.23.136.1.1.2";

export interface TrustMaterial {
  format: "icao_master_list" | "pem_bundle";
  certificates: pkijs.Certificate[];
  crls: pkijs.CertificateRevocationList[];
}

export class MasterListError extends Error {}

function pemBlocks(text: string, label: string): Buffer[] {
  const pattern = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`, "g");
  return [...text.matchAll(pattern)].map((match) => Buffer.from(match[1]!.replace(/\s+/g, ""), "base64"));
}

function parsePem(text: string): TrustMaterial {
  try {
    const certificates = pemBlocks(text, "CERTIFICATE").map((der) =>
      pkijs.Certificate.fromBER(toArrayBuffer(der)),
    );
    const crls = pemBlocks(text, "X509 CRL").map((der) =>
      pkijs.CertificateRevocationList.fromBER(toArrayBuffer(der)),
    );
    if (certificates.length === 0 && crls.length === 0)
      throw new MasterListError("no certificate or CRL in the PEM file");
    return { format: "pem_bundle", certificates, crls };
  } catch (error) {
    if (error instanceof MasterListError) throw error;
    throw new MasterListError(`PEM bundle: ${(error as Error).message}`);
  }
}

async function parseCmsMasterList(der: Buffer): Promise<TrustMaterial> {
  const asn = parseAsn1(der);
  if (!asn) throw new MasterListError("the file is neither PEM nor DER");
  let signedData: pkijs.SignedData;
  try {
    const info = new pkijs.ContentInfo({ schema: asn });
    signedData = new pkijs.SignedData({ schema: info.content });
  } catch (error) {
    throw new MasterListError(`not a CMS master list: ${(error as Error).message}`);
  }
  const content = signedData.encapContentInfo;
  if (content.eContentType !== CSCA_MASTER_LIST_OID || !content.eContent) {
    throw new MasterListError("the CMS content is not an ICAO CSCA master list");
  }
  const list = parseAsn1(Buffer.from(content.eContent.getValue()));
  const set = list instanceof asn1js.Sequence ? list.valueBlock.value[1] : undefined;
  if (!(set instanceof asn1js.Set)) throw new MasterListError("the master list has no certificate set");
  const certificates = set.valueBlock.value.map((item) => new pkijs.Certificate({ schema: item }));
  let verified = false;
  try {
    const result = await signedData.verify(
      { signer: 0, checkChain: false, extendedMode: true },
      cryptoEngine,
    );
    verified = result.signatureVerified === true && result.signerCertificate !== null;
    const signerCertificate = result.signerCertificate;
    if (verified && signerCertificate) {
      const issuer = nameKey(signerCertificate.issuer);
      let issued = false;
      for (const csca of certificates) {
        if (nameKey(csca.subject) !== issuer) continue;
        if (await signerCertificate.verify(csca, cryptoEngine).catch(() => false)) issued = true;
      }
      verified = issued;
    }
  } catch {
    verified = false;
  }
  if (!verified) throw new MasterListError("the master list's signature does not verify under a listed CSCA");
  const crls = (signedData.crls ?? []).filter(
    (item): item is pkijs.CertificateRevocationList => item instanceof pkijs.CertificateRevocationList,
  );
  return { format: "icao_master_list", certificates, crls };
}

export async function parseTrustMaterial(bytes: Buffer): Promise<TrustMaterial> {
  const text = bytes.subarray(0, 64).toString("latin1");
  if (text.includes("-----BEGIN")) return parsePem(bytes.toString("latin1"));
  if (bytes[0] !== 0x30) throw new MasterListError("the file is neither PEM nor a DER master list");
  return parseCmsMasterList(bytes);
}
