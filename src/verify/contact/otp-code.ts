// The one-time code itself (design: OTP steps): six digits from the CSPRNG, stored only as an HMAC keyed
// with a per-code random salt, compared in constant time.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

export const CODE_DIGITS = 6;
export const CODE_PATTERN = /^\d{6}$/;

/** A uniformly drawn code, leading zeros kept ("004217"). */
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, "0");
}

export interface HashedCode {
  code_hash: string;
  salt: string;
}

export function hashCode(code: string, salt: string = randomBytes(16).toString("hex")): HashedCode {
  return { code_hash: createHmac("sha256", Buffer.from(salt, "hex")).update(code).digest("hex"), salt };
}

export function codeMatches(code: string, stored: HashedCode): boolean {
  const given = Buffer.from(hashCode(code, stored.salt).code_hash, "hex");
  const expected = Buffer.from(stored.code_hash, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
