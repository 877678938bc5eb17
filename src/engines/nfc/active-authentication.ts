// Active authentication (ICAO 9303-11 §6.1): the chip signs the server's 8-byte challenge with the private key
// whose public half DG15 holds (and the SOD vouches for, via DG15's hash). RSA chips answer with an ISO/IEC
// 9796-2 scheme 1 signature (message recovery): s^e mod n = 0x6A ‖ M1 ‖ H(M1 ‖ challenge) ‖ trailer, trailer
// 0xBC (SHA-1) or <hash id> 0xCC. ECDSA chips answer with plain r ‖ s over the challenge; the hash is the one
// DG14 names, which this check does not read: SHA-1/224/256/384/512 are each tried.
import { constants, createHash, createPublicKey, publicDecrypt, verify } from "node:crypto";

const TRAILER_HASHES: Record<number, string> = {
  51: "sha1",
  56: "sha224",
  52: "sha256",
  54: "sha384",
  53: "sha512",
};
const ECDSA_HASHES = ["sha256", "sha1", "sha224", "sha384", "sha512"];

export function verifyActiveAuthentication(
  publicKeyDer: Buffer,
  challenge: Buffer,
  signature: Buffer,
): boolean {
  let key: ReturnType<typeof createPublicKey>;
  try {
    key = createPublicKey({ key: publicKeyDer, format: "der", type: "spki" });
  } catch {
    return false;
  }
  if (key.asymmetricKeyType === "rsa") return verifyRsa(key, challenge, signature);
  if (key.asymmetricKeyType === "ec") {
    return ECDSA_HASHES.some((hash) => {
      try {
        return verify(hash, challenge, { key, dsaEncoding: "ieee-p1363" }, signature);
      } catch {
        return false;
      }
    });
  }
  return false;
}

function verifyRsa(key: ReturnType<typeof createPublicKey>, challenge: Buffer, signature: Buffer): boolean {
  let message: Buffer;
  try {
    message = publicDecrypt({ key, padding: constants.RSA_NO_PADDING }, signature);
  } catch {
    return false;
  }
  if (message.length < 24 || message[0] !== 0x6a) return false;
  const last = message[message.length - 1]!;
  let hash: string | undefined;
  let trailer = 1;
  if (last === 0xbc) hash = "sha1";
  else if (last === 0xcc) {
    hash = TRAILER_HASHES[message[message.length - 2]!];
    trailer = 2;
  }
  if (!hash) return false;
  const length = createHash(hash).digest().length;
  const digestStart = message.length - trailer - length;
  if (digestStart <= 1) return false;
  const recovered = message.subarray(1, digestStart);
  const digest = message.subarray(digestStart, message.length - trailer);
  return createHash(hash).update(recovered).update(challenge).digest().equals(digest);
}
