// Phase 3 of a delivery: one POST through the shared SSRF-safe client (platform/net), which re-checks the
// destination on every attempt (spec: Delivery rules 4) and connects to the address it checked. Never throws:
// every way an attempt can end is a SendResult the record phase stores.
import { checkTarget, postToTarget, TargetRefusedError } from "../platform/net/safe-request.js";
import { PRIVATE_TARGET_HINT } from "../platform/net/target-errors.js";
import type { SignedRequest } from "./sign-delivery.js";

/** design: a receiver that has not answered within 15 s has failed the attempt. */
export const DELIVERY_TIMEOUT_MS = 15_000;

/**
 * How an attempt failed, stored per attempt so operators can tell a broken receiver from a broken network:
 * `http_status` (answered, not 2xx), `timeout`, `network` (refused, reset, unreachable), `tls`,
 * `dns` (the name did not resolve), `target_refused` (the URL is malformed, not http(s), or resolves to a
 * private address: retrying cannot help, so the event fails at once).
 */
export type SendErrorClass = "http_status" | "timeout" | "network" | "tls" | "dns" | "target_refused";

export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  /** Short human text (e.g. "HTTP 500", "blocked_address"); null when delivered. */
  error: string | null;
  errorClass: SendErrorClass | null;
  /** The first bytes of the receiver's answer (platform/net keeps at most 1 KB); null without an answer. */
  responseExcerpt: string | null;
}

const ERROR_TEXT_LIMIT = 500;

export async function sendDelivery(
  url: string,
  request: SignedRequest,
  options: { allowPrivateTargets: boolean; timeoutMs?: number },
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const target = await checkTarget(url, { allowPrivate: options.allowPrivateTargets });
    const response = await postToTarget(
      target,
      request.body,
      request.headers,
      options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
    );
    const ok = response.status >= 200 && response.status < 300;
    return {
      statusCode: response.status,
      durationMs: elapsed(),
      error: ok ? null : `HTTP ${response.status}`,
      errorClass: ok ? null : "http_status",
      responseExcerpt: response.excerpt,
    };
  } catch (caught) {
    const message =
      caught instanceof TargetRefusedError && caught.reason === "blocked_address"
        ? `blocked_address (${PRIVATE_TARGET_HINT})`
        : caught instanceof Error
          ? caught.message
          : String(caught);
    return {
      statusCode: null,
      durationMs: elapsed(),
      error: message.slice(0, ERROR_TEXT_LIMIT),
      errorClass: classifySendError(caught),
      responseExcerpt: null,
    };
  }
}

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

export function classifySendError(error: unknown): SendErrorClass {
  if (error instanceof TargetRefusedError) return error.reason === "dns_failed" ? "dns" : "target_refused";
  const message = error instanceof Error ? error.message : String(error);
  // The shared client rejects with "timed out after <ms> ms" when its deadline fires.
  if (/timed out/i.test(message)) return "timeout";
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && TLS_CODE.test(code)) return "tls";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "dns";
  return "network";
}

/** Only a refused destination is final; every other failure may clear up and is retried. */
export function isRetryable(errorClass: SendErrorClass): boolean {
  return errorClass !== "target_refused";
}
