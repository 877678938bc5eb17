// Reading the data groups the chip gives (ICAO 9303-10): DG1's MRZ text, DG2's facial image (inside the ISO/IEC
// 19794-5 record of the biometric data block: JPEG or JPEG 2000) and DG15's active-authentication public key.
import { findTag, readTlv, TlvError } from "./tlv.js";

const DG1 = 0x61;
const DG2 = 0x75;
const DG15 = 0x6f;
const MRZ_DATA = 0x5f1f;
const BIOMETRIC_DATA_BLOCKS = [0x5f2e, 0x7f2e];

export class DataGroupError extends Error {}

function outer(bytes: Buffer, tag: number, name: string): Buffer {
  try {
    const tlv = readTlv(bytes);
    if (tlv.tag !== tag) throw new DataGroupError(`${name} does not start with its tag`);
    return tlv.value;
  } catch (error) {
    if (error instanceof TlvError) throw new DataGroupError(`${name}: ${error.message}`);
    throw error;
  }
}

/** DG1's MRZ as its lines (TD3: 2 × 44, TD2: 2 × 36, TD1: 3 × 30). */
export function readDg1Mrz(dg1: Buffer): string[] {
  const mrz = findTag(outer(dg1, DG1, "DG1"), MRZ_DATA, 0);
  if (!mrz) throw new DataGroupError("DG1 has no MRZ data object");
  const text = mrz.toString("latin1").replace(/[\r\n]/g, "");
  const width = text.length === 90 ? 30 : text.length === 72 ? 36 : text.length === 88 ? 44 : 0;
  if (!width || !/^[A-Z0-9<]+$/.test(text))
    throw new DataGroupError("DG1's MRZ is not a TD1, TD2 or TD3 zone");
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += width) lines.push(text.slice(i, i + width));
  return lines;
}

export type FaceImageFormat = "jpeg" | "jpeg2000";

const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const JP2 = Buffer.from([0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20]);
const J2K = Buffer.from([0xff, 0x4f, 0xff, 0x51]);

/** The first facial image of DG2: its encoded bytes and format. */
export function readDg2Face(dg2: Buffer): { format: FaceImageFormat; bytes: Buffer } {
  const value = outer(dg2, DG2, "DG2");
  let block: Buffer | null = null;
  for (const tag of BIOMETRIC_DATA_BLOCKS) block ??= findTag(value, tag, 4);
  if (!block) throw new DataGroupError("DG2 has no biometric data block");
  // The ISO 19794-5 record's headers are skipped by finding the image's own signature.
  const candidates: [FaceImageFormat, number][] = [
    ["jpeg", block.indexOf(JPEG)],
    ["jpeg2000", block.indexOf(JP2)],
    ["jpeg2000", block.indexOf(J2K)],
  ];
  const found = candidates.filter(([, at]) => at >= 0).sort((a, b) => a[1] - b[1])[0];
  if (!found) throw new DataGroupError("DG2's image is neither JPEG nor JPEG 2000");
  return { format: found[0], bytes: block.subarray(found[1]) };
}

/** DG15's SubjectPublicKeyInfo (DER), for active authentication. */
export function readDg15PublicKey(dg15: Buffer): Buffer {
  return outer(dg15, DG15, "DG15");
}
