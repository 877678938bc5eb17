// Outbound HTTP to tenant-supplied URLs (webhooks, import photos; later list downloads, lens upstreams)
// without SSRF: the host is resolved once, every address must be public (unless the development flag allows
// private ones), the connection goes to the checked address (a DNS answer cannot change between the check
// and the connect), and the address the socket actually connected to is checked again before a byte is sent.
import { lookup } from "node:dns/promises";
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { AppError } from "../errors.js";
import { openPinnedRequest } from "./pinned-request.js";
import { isPublicAddress } from "./public-address.js";

export { openPinnedRequest, type PinnedRequestOptions } from "./pinned-request.js";

import { PRIVATE_TARGET_HINT, TargetRefusedError, TargetUnreachableError } from "./target-errors.js";

export {
  type TargetRefusal,
  TargetRefusedError,
  TargetUnreachableError,
  UNREACHABLE_MESSAGE,
} from "./target-errors.js";

/** Resolves a host name to every address it has (injectable so tests can play a hostile DNS). */
export type ResolveHost = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: ResolveHost = (host) => lookup(host, { all: true, verbatim: true });

export interface CheckTargetOptions {
  allowPrivate: boolean;
  allowHttp?: boolean;
  resolve?: ResolveHost;
}

export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
  /** Whether the connected address may be private (the development flag), re-checked at connect time. */
  allowPrivate?: boolean;
}

export async function checkTarget(rawUrl: string, options: CheckTargetOptions): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new TargetRefusedError("bad_url");
  }
  const httpAllowed = options.allowHttp ?? true;
  if (url.protocol !== "https:" && !(url.protocol === "http:" && httpAllowed)) {
    throw new TargetRefusedError("bad_scheme");
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (host === "") throw new TargetRefusedError("bad_url");
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      throw new TargetRefusedError("dns_failed");
    }
  }
  if (addresses.length === 0) throw new TargetRefusedError("dns_failed");
  // Every answer must be public: a name with one public and one private address could otherwise be
  // steered to the private one by whichever answer a later resolution puts first.
  if (!options.allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw new TargetRefusedError("blocked_address");
  }
  const chosen = addresses[0]!;
  return {
    url,
    address: chosen.address,
    family: chosen.family === 6 ? 6 : 4,
    allowPrivate: options.allowPrivate,
  };
}

export interface PostResult {
  status: number;
  durationMs: number;
  /** The first bytes of the answer (at most EXCERPT_BYTES) as text, NULs replaced; null when it was empty. */
  excerpt: string | null;
}

/** How much of a receiver's answer is kept; the rest is read and dropped. */
export const EXCERPT_BYTES = 1024;

/**
 * POSTs `body` to a checked target; rejects with TargetUnreachableError on any network failure or timeout
 * (the whole exchange), never with the socket's own error, so the message cannot tell a closed port from a
 * TLS handshake.
 */
export function postToTarget(
  target: CheckedTarget,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<PostResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const request = openPinnedRequest(
      target,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          ...headers,
        },
        timeoutMs,
      },
      (response: IncomingMessage) => {
        // The first bytes are kept for the delivery log; the rest is drained so the socket can close.
        const kept: Buffer[] = [];
        let keptBytes = 0;
        response.on("data", (chunk: Buffer) => {
          if (keptBytes >= EXCERPT_BYTES) return;
          const part = chunk.subarray(0, EXCERPT_BYTES - keptBytes);
          kept.push(part);
          keptBytes += part.length;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            durationMs: Date.now() - started,
            excerpt: keptBytes > 0 ? Buffer.concat(kept).toString("utf8").replaceAll("\0", "\uFFFD") : null,
          }),
        );
        response.on("error", () => reject(new TargetUnreachableError()));
      },
      reject,
    );
    const deadline = setTimeout(
      () => request.destroy(new TargetUnreachableError(`timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    request.on("close", () => clearTimeout(deadline));
    request.end(body);
  });
}

/** For API validation of a destination at configuration time. */
export async function assertDeliverableUrl(rawUrl: string, allowPrivate: boolean): Promise<void> {
  try {
    await checkTarget(rawUrl, { allowPrivate });
  } catch (error) {
    if (error instanceof TargetRefusedError) {
      throw new AppError("validation_failed", {
        field: "url",
        message:
          error.reason === "blocked_address"
            ? `Destination refused: blocked_address (${PRIVATE_TARGET_HINT}).`
            : `Destination refused: ${error.reason}`,
      });
    }
    throw error;
  }
}
