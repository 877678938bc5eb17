// One renderer per surface, producing exactly the spec's error body shapes (spec: Errors).
//   /v3/*                         {detail}            (+ `features` on 403, `error` sentence on import refusals)
//   /api/v1/sessions|applications {ok: false, error, detail}
//   /api/v1/lists/*               {error}             (+ `id` on 409, `invalid`/`errors` on entry replacement)
//   /console/api/*                {detail}            carrying the domain's message: an operator needs the reason
//   /flow-api/<token>/*           {detail, message}   the applicant API: detail always a stable code, the
//                                                     sentence apart (src/verify/applicant/step-contract.ts)
import type { AppError } from "../errors.js";

export type Surface = "verify" | "partner" | "lists" | "console" | "applicant";

export function surfaceOf(url: string): Surface {
  if (url.startsWith("/api/v1/lists")) return "lists";
  if (url.startsWith("/api/v1")) return "partner";
  if (url.startsWith("/console/")) return "console";
  // The partner form's API (/flow-api/s/) keeps the /v3 shape its page reads.
  if (url.startsWith("/flow-api/") && !url.startsWith("/flow-api/s/")) return "applicant";
  return "verify";
}

export function renderError(surface: Surface, error: AppError): Record<string, unknown> {
  switch (surface) {
    case "verify":
      return { detail: error.detail ?? error.code, ...error.extra };
    case "partner":
      return {
        ok: false,
        error: partnerCode(error),
        ...(error.message !== error.code ? { detail: error.message } : {}),
        ...error.extra,
      };
    case "lists":
      return { error: error.message, ...error.extra };
    case "console":
      return { detail: error.detail ?? error.message, ...error.extra };
    case "applicant":
      return { detail: applicantCode(error), message: sentenceOf(error), ...error.extra };
  }
}

const CODE = /^[a-z][a-z0-9_]*$/;

// A domain `detail` that is already a code (`invalid_full_name`) is the more precise one; a sentence the
// spec fixes for /v3 ("Session not found.") falls back to the error's own code.
function applicantCode(error: AppError): string {
  return error.detail && CODE.test(error.detail) ? error.detail : error.code;
}

function sentenceOf(error: AppError): string {
  for (const text of [error.message, error.detail]) if (text && !CODE.test(text)) return text;
  const words = applicantCode(error).replaceAll("_", " ");
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}

// spec: the partner surface names a bad bearer `invalid_token` and malformed input `invalid_request`.
function partnerCode(error: AppError): string {
  if (error.code === "invalid_api_key") return "invalid_token";
  if (error.code === "validation_failed" || error.code === "invalid_json") return "invalid_request";
  if (error.code === "route_not_found" || error.code === "session_not_found") return "not_found";
  return error.code;
}
