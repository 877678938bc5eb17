// A real passport chip's files, built at test time with pkijs (no fakes): a CSCA, a Document Signer it issues,
// data groups (DG1 MRZ, DG2 facial record, DG15 active-authentication key), an LDSSecurityObject of their
// hashes signed by the DS as CMS SignedData (EF.SOD), CRLs and an ICAO master list signed by a master-list
// signer the CSCA issued. Each builder takes the part a test wants to tamper with.
import {
  constants,
  createHash,
  generateKeyPairSync,
  privateEncrypt,
  randomBytes,
  webcrypto,
} from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { encodeTlv } from "../../../src/engines/nfc/tlv.js";

const engine = new pkijs.CryptoEngine({ name: "test", crypto: webcrypto as unknown as Crypto });
const ECDSA = { name: "ECDSA", namedCurve: "P-256" } as const;
const DAY = 86_400_000;

export interface Issued {
  certificate: pkijs.Certificate;
  keys: CryptoKeyPair;
}

let serial = 1000;

function name(country: string, commonName: string): pkijs.RelativeDistinguishedNames {
  return new pkijs.RelativeDistinguishedNames({
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({
        type: "2.5.4.6",
        value: new asn1js.PrintableString({ value: country }),
      }),
      new pkijs.AttributeTypeAndValue({
        type: "2.5.4.3",
        value: new asn1js.Utf8String({ value: commonName }),
      }),
    ],
  });
}

export async function issueCertificate(options: {
  country?: string;
  commonName: string;
  issuer?: Issued;
  ca?: boolean;
  notBefore?: Date;
  notAfter?: Date;
}): Promise<Issued> {
  const keys = (await webcrypto.subtle.generateKey(ECDSA, true, ["sign", "verify"])) as CryptoKeyPair;
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({ value: ++serial });
  const subject = name(options.country ?? "NP", options.commonName);
  certificate.subject = subject;
  certificate.issuer = options.issuer ? options.issuer.certificate.subject : subject;
  certificate.notBefore.value = options.notBefore ?? new Date(Date.now() - 30 * DAY);
  certificate.notAfter.value = options.notAfter ?? new Date(Date.now() + 3650 * DAY);
  const constraints = new pkijs.BasicConstraints({ cA: options.ca ?? false });
  certificate.extensions = [
    new pkijs.Extension({
      extnID: "2.5.29.19",
      critical: true,
      extnValue: constraints.toSchema().toBER(false),
      parsedValue: constraints,
    }),
  ];
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey, engine);
  await certificate.sign((options.issuer?.keys ?? keys).privateKey, "SHA-256", engine);
  return { certificate, keys };
}

export const pem = (label: string, der: ArrayBuffer | Buffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der as ArrayBuffer)
    .toString("base64")
    .replace(/.{64}/g, "$&\n")}\n-----END ${label}-----\n`;

export const certificatePem = (issued: Issued) =>
  pem("CERTIFICATE", issued.certificate.toSchema(true).toBER(false));

export async function revocationList(
  csca: Issued,
  revoked: Issued[],
  nextUpdate?: Date,
): Promise<ArrayBuffer> {
  const crl = new pkijs.CertificateRevocationList();
  crl.version = 1;
  crl.issuer = csca.certificate.subject;
  crl.thisUpdate = new pkijs.Time({ type: 0, value: new Date(Date.now() - DAY) });
  crl.nextUpdate = new pkijs.Time({ type: 0, value: nextUpdate ?? new Date(Date.now() + 30 * DAY) });
  crl.revokedCertificates = revoked.map(
    (entry) =>
      new pkijs.RevokedCertificate({
        userCertificate: entry.certificate.serialNumber,
        revocationDate: new pkijs.Time({ type: 0, value: new Date(Date.now() - DAY) }),
      }),
  );
  await crl.sign(csca.keys.privateKey, "SHA-256", engine);
  return crl.toSchema(true).toBER(false);
}

async function signCms(signer: Issued, contentType: string, content: ArrayBuffer): Promise<Buffer> {
  const digest = createHash("sha256").update(Buffer.from(content)).digest();
  const signedData = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: contentType,
      eContent: new asn1js.OctetString({ valueHex: content }),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: signer.certificate.issuer,
          serialNumber: signer.certificate.serialNumber,
        }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({
              type: "1.2.840.113549.1.9.3",
              values: [new asn1js.ObjectIdentifier({ value: contentType })],
            }),
            new pkijs.Attribute({
              type: "1.2.840.113549.1.9.4",
              values: [new asn1js.OctetString({ valueHex: new Uint8Array(digest) })],
            }),
          ],
        }),
      }),
    ],
    certificates: [signer.certificate],
  });
  await signedData.sign(signer.keys.privateKey, 0, "SHA-256", undefined, engine);
  const info = new pkijs.ContentInfo({
    contentType: pkijs.ContentInfo.SIGNED_DATA,
    content: signedData.toSchema(true),
  });
  return Buffer.from(info.toSchema().toBER(false));
}

/** EF.SOD over the data groups given (number → bytes), signed by `signer`. */
export async function securityObject(signer: Issued, dataGroups: Map<number, Buffer>): Promise<Buffer> {
  const lds = new asn1js.Sequence({
    value: [
      new asn1js.Integer({ value: 0 }),
      new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: "2.16.840.1.101.3.4.2.1" })] }),
      new asn1js.Sequence({
        value: [...dataGroups].map(
          ([number, bytes]) =>
            new asn1js.Sequence({
              value: [
                new asn1js.Integer({ value: number }),
                new asn1js.OctetString({
                  valueHex: new Uint8Array(createHash("sha256").update(bytes).digest()),
                }),
              ],
            }),
        ),
      }),
    ],
  });
  return encodeTlv(0x77, await signCms(signer, "2.23.136.1.1.1", lds.toBER(false)));
}

/** An ICAO CSCA master list of `cscas`, signed by `signer` (a certificate one of them issued). */
export async function masterList(signer: Issued, cscas: Issued[], crls: ArrayBuffer[] = []): Promise<Buffer> {
  const list = new asn1js.Sequence({
    value: [
      new asn1js.Integer({ value: 0 }),
      new asn1js.Set({ value: cscas.map((csca) => csca.certificate.toSchema(true)) }),
    ],
  });
  const cms = await signCms(signer, "2.23.136.1.1.2", list.toBER(false));
  if (crls.length === 0) return cms;
  // CRLs travel in the SignedData's crls field.
  const info = pkijs.ContentInfo.fromBER(cms);
  const signedData = new pkijs.SignedData({ schema: info.content });
  signedData.crls = crls.map((der) => pkijs.CertificateRevocationList.fromBER(der));
  return Buffer.from(
    new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: signedData.toSchema(true) })
      .toSchema()
      .toBER(false),
  );
}

export function dg1(mrzLines: string[]): Buffer {
  return encodeTlv(0x61, encodeTlv(0x5f1f, Buffer.from(mrzLines.join(""), "latin1")));
}

/** DG2 with one ISO/IEC 19794-5 facial record around `image` (JPEG or JPEG 2000). */
export function dg2(image: Buffer): Buffer {
  const facialInfo = Buffer.alloc(20); // facial record header: length, feature points, gender, eyes…
  const imageInfo = Buffer.from([0x01, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]); // full frontal, JPEG, sizes
  const recordLength = 14 + facialInfo.length + imageInfo.length + image.length;
  const header = Buffer.alloc(14);
  header.write("FAC\x010\0", 0, "latin1");
  header.writeUInt32BE(recordLength, 8);
  header.writeUInt16BE(1, 12);
  const record = Buffer.concat([header, facialInfo, imageInfo, image]);
  const biometricHeader = encodeTlv(0xa1, encodeTlv(0x80, Buffer.from([0x01, 0x01])));
  const template = encodeTlv(0x7f60, Buffer.concat([biometricHeader, encodeTlv(0x5f2e, record)]));
  return encodeTlv(0x75, encodeTlv(0x7f61, Buffer.concat([encodeTlv(0x02, Buffer.from([1])), template])));
}

/** An RSA chip key for active authentication: DG15 and the chip's ISO 9796-2 answer to a challenge. */
export function activeAuthenticationChip() {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
  const spki = publicKey.export({ format: "der", type: "spki" });
  return {
    dg15: encodeTlv(0x6f, spki),
    sign(challenge: Buffer): Buffer {
      const k = 128;
      const recovered = randomBytes(k - 2 - 20);
      const digest = createHash("sha1").update(recovered).update(challenge).digest();
      const message = Buffer.concat([Buffer.from([0x6a]), recovered, digest, Buffer.from([0xbc])]);
      return privateEncrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, message);
    },
  };
}
