// The two ways an outbound request to a tenant-supplied URL fails. Refusals name the rule that stopped it;
// every network failure (refused, unreachable, reset, TLS, timeout) is one class with one sentence, so the
// stored message (import rows, webhook attempts) cannot serve as a port scanner.

export type TargetRefusal = "bad_url" | "bad_scheme" | "dns_failed" | "blocked_address";

export class TargetRefusedError extends Error {
  constructor(readonly reason: TargetRefusal) {
    super(reason);
    this.name = "TargetRefusedError";
  }
}

/**
 * What a private-address refusal tells the operator: the setting that allows it, and that it is for development
 * only (design: Defaults — off unless set, since on by default it would be an SSRF hole on every install).
 */
export const PRIVATE_TARGET_HINT =
  "the destination is a private, loopback or link-local address; for a local receiver in development only, " +
  "start the server with ALLOW_PRIVATE_TARGETS=true";

export const UNREACHABLE_MESSAGE = "The destination could not be reached.";

export class TargetUnreachableError extends Error {
  constructor(message: string = UNREACHABLE_MESSAGE, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "TargetUnreachableError";
  }
}

/** Any failure of a pinned request as one of the two classes above; the socket's own error stays the cause. */
export function normalizeTargetError(error: unknown): TargetRefusedError | TargetUnreachableError {
  if (error instanceof TargetRefusedError || error instanceof TargetUnreachableError) return error;
  return new TargetUnreachableError(UNREACHABLE_MESSAGE, { cause: error });
}
