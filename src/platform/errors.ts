// One error type and one closed code list for the whole service (spec: Errors).
// Domain code throws AppError; each surface has one renderer (platform/http/error-bodies.ts)
// that turns it into that surface's body shape. Never build an error body in a handler.

/** Every stable code, mapped to its HTTP status. Messages are not contractual; codes are. */
export const ERROR_STATUS = {
  // 400: validation
  validation_failed: 400,
  invalid_json: 400,
  invalid_request: 400,
  invalid_status: 400,
  invalid_session_kind: 400,
  invalid_date: 400,
  invalid_document_type: 400,
  invalid_ip: 400,
  invalid_on_duplicate: 400,
  no_rows: 400,
  invalid_row: 400,
  too_many_rows: 400,
  source_system_required: 400,
  consent_reference_required: 400,
  name_required: 400,
  image_required: 400,
  invalid_image: 400,
  reference_required: 400,
  invalid_reference: 400,
  probe_required: 400,
  invalid_probe: 400,
  video_required: 400,
  invalid_video: 400,
  no_supported_fields: 400,
  invalid_session_expires_at: 400,
  invalid_entries: 400,
  invalid_workflow: 400,
  invalid_step: 400,
  idempotency_key_too_long: 400,
  // 401
  invalid_api_key: 401,
  invalid_token: 401,
  invalid_jwt: 401,
  // 402
  insufficient_credits: 402,
  // 403
  forbidden: 403,
  tenant_suspended: 403,
  feature_not_enabled: 403,
  lens_service_not_enabled: 403,
  // 404
  not_found: 404,
  route_not_found: 404,
  session_not_found: 404,
  workflow_not_found: 404,
  flow_not_found: 404,
  individual_not_found: 404,
  batch_not_found: 404,
  invalid_lens_service: 404,
  challenge_not_found: 404,
  // 405
  method_not_allowed: 405,
  // 409
  conflict: 409,
  idempotency_in_progress: 409,
  step_out_of_order: 409,
  session_closed: 409,
  session_not_started: 409,
  // 408: a client that did not finish sending its request in time (answered by the HTTP parser)
  request_timeout: 408,
  // 410: a hosted application URL whose stored expiry passed (spec: Hosted URL expiry)
  link_expired: 410,
  // 413, 415
  payload_too_large: 413,
  unsupported_image_type: 415,
  unsupported_media_type: 415,
  // 422
  no_face_detected: 422,
  multiple_faces: 422,
  no_signature_detected: 422,
  not_a_signature: 422,
  ocr_no_fields: 422,
  idempotency_key_reused: 422,
  challenge_expired: 422,
  challenge_used: 422,
  unprocessable: 422,
  // 429
  rate_limited: 429,
  // 431: the request line and headers over Node's 16 KB limit (answered by the HTTP parser)
  headers_too_large: 431,
  // 5xx
  internal: 500,
  upstream_failed: 502,
  screening_unavailable: 503,
  ocr_not_configured: 503,
  engine_unavailable: 503,
  antispoof_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface AppErrorOptions {
  /** Human-readable sentence; surfaces that carry a message use it (`detail` on /api/v1, `error` on imports). */
  message?: string;
  /** The field a validation error is about. */
  field?: string;
  /** Extra body keys a surface may add (e.g. `features` on 403, `id` on 409, `invalid`/`errors` on PUT entries). */
  extra?: Record<string, unknown>;
  /** Response headers (e.g. Retry-After on 429). */
  headers?: Record<string, string>;
  /** Overrides the /v3 `detail` text where the spec fixes a sentence (e.g. "Session not found."). */
  detail?: string;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field?: string;
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  readonly detail?: string;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? options.detail ?? code, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.field = options.field;
    this.extra = options.extra;
    this.headers = options.headers;
    this.detail = options.detail;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
