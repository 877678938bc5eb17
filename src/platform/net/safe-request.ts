// Outbound HTTP to tenant-supplied URLs (webhooks, import photos) without SSRF: the host is resolved once,
// every address must be public (unless the development flag allows private ones), and the connection goes
// to the checked address, so a DNS answer cannot change between the check and the connect.
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { AppError } from "../errors.js";
import { isPublicAddress } from "./public-address.js";

export type TargetRefusal = "bad_url" | "bad_scheme" | "dns_failed" | "blocked_address";

export class TargetRefusedError extends Error {
  constructor(readonly reason: TargetRefusal) {
    super(reason);
  }
}

export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export async function checkTarget(
  rawUrl: string,
  options: { allowPrivate: boolean; allowHttp?: boolean },
): Promise<CheckedTarget> {
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
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new TargetRefusedError("dns_failed");
    }
  }
  if (addresses.length === 0) throw new TargetRefusedError("dns_failed");
  if (!options.allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw new TargetRefusedError("blocked_address");
  }
  const chosen = addresses[0]!;
  return { url, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}

export interface PostResult {
  status: number;
  durationMs: number;
}

/** POSTs `body` to a checked target; rejects on network error or timeout (the whole exchange). */
export function postToTarget(
  target: CheckedTarget,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<PostResult> {
  const started = Date.now();
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const transport = target.url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      target.url,
      {
        method: "POST",
        lookup: pinned,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          ...headers,
        },
        timeout: timeoutMs,
      },
      (response) => {
        response.resume(); // the receiver's body is not needed; drain it
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, durationMs: Date.now() - started }),
        );
        response.on("error", reject);
      },
    );
    const deadline = setTimeout(
      () => request.destroy(new Error(`timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    request.on("close", () => clearTimeout(deadline));
    request.on("timeout", () => request.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    request.on("error", reject);
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
        message: `Destination refused: ${error.reason}`,
      });
    }
    throw error;
  }
}
