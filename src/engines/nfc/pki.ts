// pkijs over Node's WebCrypto, handed to every call (no global engine is set), and the DER helpers the chip
// checks share.
import { webcrypto } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

export const cryptoEngine = new pkijs.CryptoEngine({ name: "node", crypto: webcrypto as unknown as Crypto });

export function toArrayBuffer(bytes: Buffer | Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** One BER/DER object, or null when the bytes are not exactly one. */
export function parseAsn1(bytes: Buffer | Uint8Array): asn1js.AsnType | null {
  const parsed = asn1js.fromBER(toArrayBuffer(bytes));
  return parsed.offset === -1 ? null : parsed.result;
}

export function certificateFromDer(der: Buffer | Uint8Array): pkijs.Certificate {
  return pkijs.Certificate.fromBER(toArrayBuffer(der));
}

export function certificateDer(certificate: pkijs.Certificate): Buffer {
  return Buffer.from(certificate.toSchema(true).toBER(false));
}

/** The distinguished name as a stable string (type=value pairs in order) for matching issuers to subjects. */
export function nameKey(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map((entry) => `${entry.type}=${String(entry.value.valueBlock.value).trim().toUpperCase()}`)
    .join(",");
}

/** The two-letter country (C=) of a name, upper case, or null. */
export function countryOf(name: pkijs.RelativeDistinguishedNames): string | null {
  const entry = name.typesAndValues.find((item) => item.type === "2.5.4.6");
  return entry ? String(entry.value.valueBlock.value).toUpperCase() : null;
}

/** A readable subject (CN, else the whole name). */
export function commonNameOf(name: pkijs.RelativeDistinguishedNames): string {
  const cn = name.typesAndValues.find((item) => item.type === "2.5.4.3");
  return cn ? String(cn.value.valueBlock.value) : nameKey(name);
}

export const HASH_OIDS: Record<string, string> = {
  "1.3.14.3.2.26": "sha1",
  "2.16.840.1.101.3.4.2.4": "sha224",
  "2.16.840.1.101.3.4.2.1": "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
};
