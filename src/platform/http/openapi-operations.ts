// What the OpenAPI transform adds to every operation, systematically, so routes added later get it too:
// an operationId derived from the method and path (unless the route names its own in `schema.operationId`),
// the surface's error responses with examples, and the surface's security requirement.
import type { Surface } from "./error-bodies.js";

/** `GET /v3/session/{session_id}/decision/` → `getV3SessionBySessionIdDecision`. */
export function deriveOperationId(method: string, url: string): string {
  const words = url
    .split("/")
    .filter((segment) => segment.length > 0)
    .map((segment) => {
      const param = /^[:{](\w+)\}?$/.exec(segment);
      if (param) return `By${pascal(param[1]!)}`;
      if (segment === "*") return "ByPath";
      return pascal(segment);
    });
  return `${method.toLowerCase()}${words.join("")}`;
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");
}

export type DocumentedSurface = Surface | "partner_form";

/** The surface an OpenAPI path belongs to, for its error body, security and examples. */
export function documentedSurfaceOf(url: string): DocumentedSurface | null {
  if (url.startsWith("/v3")) return "verify";
  if (url.startsWith("/api/v1/lists")) return "lists";
  if (url.startsWith("/api/v1")) return "partner";
  if (url.startsWith("/console/api")) return "console";
  if (url.startsWith("/flow-api/s/")) return "partner_form";
  if (url.startsWith("/flow-api/")) return "applicant";
  return null;
}

export const ERROR_SCHEMA_OF: Record<DocumentedSurface, string> = {
  verify: "VerifyError",
  partner: "PartnerError",
  lists: "ListsError",
  console: "ConsoleError",
  applicant: "ApplicantError",
  partner_form: "VerifyError",
};

interface ErrorCase {
  description: string;
  /** One example body per surface shape. */
  example: Record<DocumentedSurface, Record<string, unknown>>;
}

function same(body: Record<string, unknown>, partner: Record<string, unknown>, lists: string) {
  return {
    verify: body,
    partner_form: body,
    console: { detail: String(body.message ?? body.detail) },
    applicant: { detail: String(partner.error), message: String(body.message ?? lists) },
    partner: partner,
    lists: { error: lists },
  };
}

/** The errors any authenticated route can answer (routes document their own beside these). */
export const COMMON_ERRORS: Record<string, ErrorCase> = {
  "400": {
    description: "Validation error: a missing or malformed field, an unknown enum value or a bad date",
    example: same(
      { detail: "validation_failed", message: "The request is not valid." },
      { ok: false, error: "invalid_request", detail: "vendor_data: expected string" },
      "vendor_data: expected string",
    ),
  },
  "401": {
    description: "Missing or invalid credentials, revoked key or suspended tenant",
    example: same(
      { detail: "invalid API key", message: "Invalid or missing credentials." },
      { ok: false, error: "invalid_token" },
      "Invalid or missing API key.",
    ),
  },
  "402": {
    description: "insufficient_credits: the tenant's balance cannot pay for the call",
    example: same(
      { detail: "insufficient_credits", message: "Not enough credits." },
      { ok: false, error: "insufficient_credits" },
      "Not enough credits.",
    ),
  },
  "403": {
    description: "feature_not_enabled, forbidden (e.g. a test key outside the sandbox routes)",
    example: same(
      { detail: "feature_not_enabled", features: ["FACE_SEARCH"], message: "Feature not enabled." },
      { ok: false, error: "forbidden" },
      "Forbidden.",
    ),
  },
  "404": {
    description: "Not found; also another tenant's id (identical answer)",
    example: same(
      { detail: "Session not found.", message: "Session not found." },
      { ok: false, error: "not_found" },
      "Not found.",
    ),
  },
  "429": {
    description: "Rate-limited: retry after the Retry-After header's seconds",
    example: same(
      { detail: "Request was throttled.", message: "Too many requests." },
      { ok: false, error: "rate_limited" },
      "Too many requests.",
    ),
  },
  "500": {
    description: "internal: an unexpected failure (logged with the request id)",
    example: same(
      { detail: "internal", message: "Internal error." },
      { ok: false, error: "internal" },
      "Internal error.",
    ),
  },
};

/** Which common errors each surface can answer. */
export const ERRORS_BY_SURFACE: Record<DocumentedSurface, readonly string[]> = {
  verify: ["400", "401", "402", "403", "404", "429", "500"],
  partner: ["400", "401", "402", "403", "404", "429", "500"],
  lists: ["400", "401", "403", "404", "429", "500"],
  console: ["400", "401", "403", "404", "500"],
  applicant: ["400", "404", "429", "500"],
  partner_form: ["400", "404", "429", "500"],
};

export const SECURITY_SCHEMES = {
  verifyKey: {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "A tenant API key: `kyc_live_…` (live) or `kyc_test_…` (sandbox: test sessions only).",
  },
  partnerBearer: {
    type: "http",
    scheme: "bearer",
    description: "`/api/v1`: the tenant API key as a bearer token (X-API-Key works too).",
  },
  consoleBearer: {
    type: "http",
    scheme: "bearer",
    description: "Console: the operator token from POST /console/api/login.",
  },
} as const;

export function securityFor(surface: DocumentedSurface, url: string): Record<string, string[]>[] {
  switch (surface) {
    case "verify":
      return [{ verifyKey: [] }];
    case "partner":
    case "lists":
      return [{ partnerBearer: [] }, { verifyKey: [] }];
    case "console":
      return url === "/console/api/login" ? [] : [{ consoleBearer: [] }];
    default:
      // The applicant APIs are authorised by the session token in the path (the session's `url`); OpenAPI has
      // no path-token scheme, so they declare no header credential and the token parameter says so.
      return [];
  }
}
