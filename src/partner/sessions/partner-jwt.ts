// spec: Authentication 2 — the body JWT of POST /api/v1/sessions/ is HS256, signed with the tenant's JWT
// signing secret (never the API key). Verified here with node:crypto and a constant-time comparison.
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "../../platform/errors.js";

/** spec: Limits — JWT lifetime `exp - iat <= 300` seconds. */
export const MAX_JWT_LIFETIME_SECONDS = 300;
/** Tolerated clock difference for `iat` ("not in the future") between the partner's clock and ours. */
const IAT_LEEWAY_SECONDS = 5;

export interface VerifiedClaims {
  jti: string;
  iat: number;
  exp: number;
  [claim: string]: unknown;
}

function invalidJwt(message: string): AppError {
  return new AppError("invalid_jwt", { message });
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Checks the signature, then jti, iat, exp and the lifetime. `nowSeconds` is UNIX time. */
export function verifyPartnerJwt(token: string, secret: string, nowSeconds: number): VerifiedClaims {
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]*$/.test(part))) {
    throw invalidJwt("The jwt is malformed.");
  }
  const [encodedHeader = "", encodedPayload = "", encodedSignature = ""] = parts;
  const header = decodeJson(encodedHeader);
  // Only HS256: refusing every other alg (including "none") closes algorithm-confusion attacks.
  if (header?.alg !== "HS256") throw invalidJwt("The jwt must be signed with HS256.");
  const expected = createHmac("sha256", secret).update(`${encodedHeader}.${encodedPayload}`).digest();
  const given = Buffer.from(encodedSignature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw invalidJwt("The jwt signature is invalid.");
  }
  const claims = decodeJson(encodedPayload);
  if (!claims) throw invalidJwt("The jwt payload is not a JSON object.");
  const { jti, iat, exp } = claims;
  if (typeof jti !== "string" || jti.trim() === "") throw invalidJwt("The jti claim is required.");
  if (!isNumericDate(iat)) throw invalidJwt("The iat claim is required.");
  if (!isNumericDate(exp)) throw invalidJwt("The exp claim is required.");
  if (iat > nowSeconds + IAT_LEEWAY_SECONDS) throw invalidJwt("The jwt was issued in the future.");
  if (exp <= nowSeconds) throw invalidJwt("The jwt has expired.");
  if (exp - iat > MAX_JWT_LIFETIME_SECONDS) throw invalidJwt("The jwt lifetime exceeds 300 seconds.");
  return { ...claims, jti, iat, exp };
}

function isNumericDate(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}
