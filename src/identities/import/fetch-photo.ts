// spec: identity import — per-row photo fetch: https only (plain http where IMPORT_ALLOW_HTTP is set),
// every redirect hop (max 3) re-validated with checkTarget, public addresses only (unless
// ALLOW_PRIVATE_TARGETS), body at most 8 MB, 15 s per socket operation re-applied per hop.
import {
  type CheckedTarget,
  checkTarget,
  openPinnedRequest,
  TargetRefusedError,
} from "../../platform/net/safe-request.js";
import { ImportRowFailure } from "./import-row-failure.js";

/** spec: Limits — Import photo fetch: 8 MB, 3 redirects, 15 s per socket operation. */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
export const MAX_REDIRECTS = 3;
export const SOCKET_TIMEOUT_MS = 15_000;

export interface FetchPhotoOptions {
  allowPrivate: boolean;
  allowHttp: boolean;
}

export async function fetchImportPhoto(rawUrl: string, options: FetchPhotoOptions): Promise<Buffer> {
  let url = rawUrl;
  for (let redirects = 0; ; redirects++) {
    const target = await checkHop(url, options);
    const response = await getOnce(target);
    if (response.kind === "body") return response.bytes;
    if (redirects >= MAX_REDIRECTS) {
      throw new ImportRowFailure("too_many_redirects", `More than ${MAX_REDIRECTS} redirects.`);
    }
    url = new URL(response.location, target.url).toString();
  }
}

async function checkHop(url: string, options: FetchPhotoOptions): Promise<CheckedTarget> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ImportRowFailure("bad_url", "photo_url is not a valid URL.");
  }
  // Credentials in a URL are never sent; local-only names are refused before any DNS query.
  if (parsed.username || parsed.password) {
    throw new ImportRowFailure("host_not_allowed", "URLs with credentials are not fetched.");
  }
  const host = parsed.hostname.toLowerCase();
  if (!options.allowPrivate && /(^|\.)(localhost|local|internal)$/.test(host)) {
    throw new ImportRowFailure("host_not_allowed", `${host} is not a public host.`);
  }
  try {
    return await checkTarget(url, { allowPrivate: options.allowPrivate, allowHttp: options.allowHttp });
  } catch (error) {
    if (error instanceof TargetRefusedError) {
      throw new ImportRowFailure(error.reason, REFUSAL_MESSAGES[error.reason]);
    }
    throw error;
  }
}

const REFUSAL_MESSAGES: Record<TargetRefusedError["reason"], string> = {
  bad_url: "photo_url is not a valid URL.",
  bad_scheme: "photo_url must use https.",
  dns_failed: "The photo's host could not be resolved.",
  blocked_address: "The photo's host resolves to a non-public address.",
};

type HopResult = { kind: "body"; bytes: Buffer } | { kind: "redirect"; location: string };

/** One GET to the checked address (pinned: the DNS answer cannot change after the check). */
function getOnce(target: CheckedTarget): Promise<HopResult> {
  return new Promise((resolve, reject) => {
    const fail = (slug: "fetch_failed" | "file_too_large" | "blocked_address", message: string) =>
      reject(new ImportRowFailure(slug, message));
    const request = openPinnedRequest(
      target,
      {
        method: "GET",
        headers: { accept: "image/jpeg, image/png", "user-agent": "kyc-identity-import" },
        timeoutMs: SOCKET_TIMEOUT_MS,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && status !== 304) {
          response.resume();
          const location = response.headers.location;
          if (!location) return fail("fetch_failed", `Redirect ${status} without a Location.`);
          return resolve({ kind: "redirect", location });
        }
        if (status < 200 || status >= 300) {
          response.resume();
          return fail("fetch_failed", `The photo's server answered ${status}.`);
        }
        if (Number(response.headers["content-length"] ?? 0) > MAX_PHOTO_BYTES) {
          request.destroy();
          return fail("file_too_large", "The photo is larger than 8 MB.");
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_PHOTO_BYTES) {
            request.destroy();
            fail("file_too_large", "The photo is larger than 8 MB.");
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ kind: "body", bytes: Buffer.concat(chunks) }));
        response.on("error", () => fail("fetch_failed", UNREACHABLE_SENTENCE));
      },
      // One sentence for refused, unreachable, reset, TLS and timeouts: a row's message must not tell an
      // internal port scan apart (the address checks already keep private hosts out).
      (error) =>
        error instanceof TargetRefusedError
          ? fail("blocked_address", REFUSAL_MESSAGES.blocked_address)
          : fail("fetch_failed", UNREACHABLE_SENTENCE),
    );
    request.end();
  });
}

const UNREACHABLE_SENTENCE = "The photo's server could not be reached.";
