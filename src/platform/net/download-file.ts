// GET of a whole file through the SSRF-safe client (list downloads): every redirect hop re-checked with
// checkTarget, conditional headers passed through (a 304 comes back as such), a size cap, and a body
// whose length disagrees with its Content-Length — a cut connection — refused rather than returned.
import type { IncomingHttpHeaders } from "node:http";
import { type CheckedTarget, checkTarget, openPinnedRequest } from "./safe-request.js";

export interface DownloadOptions {
  allowPrivate: boolean;
  headers?: Record<string, string>;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
}

export type Download =
  | { status: 200; body: Buffer; headers: IncomingHttpHeaders; url: string }
  | { status: 304; headers: IncomingHttpHeaders; url: string };

export class DownloadError extends Error {}

type Hop = Download | { status: "redirect"; location: string };

export async function downloadFile(rawUrl: string, options: DownloadOptions): Promise<Download> {
  let url = rawUrl;
  for (let redirects = 0; ; redirects++) {
    let target: CheckedTarget;
    try {
      target = await checkTarget(url, { allowPrivate: options.allowPrivate });
    } catch (error) {
      throw new DownloadError(`${new URL(url).host} refused: ${(error as Error).message}`);
    }
    const hop = await getOnce(target, options);
    if (hop.status !== "redirect") return hop;
    if (redirects >= (options.maxRedirects ?? 5)) throw new DownloadError("too many redirects");
    url = new URL(hop.location, target.url).toString();
  }
}

function getOnce(target: CheckedTarget, options: DownloadOptions): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const fail = (message: string) => reject(new DownloadError(message));
    const url = target.url.toString();
    const request = openPinnedRequest(
      target,
      {
        method: "GET",
        headers: { "user-agent": "kyc-aml-sync", ...options.headers },
        timeoutMs: options.timeoutMs,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status === 304) {
          response.resume();
          return resolve({ status: 304, headers: response.headers, url });
        }
        if (status >= 300 && status < 400) {
          response.resume();
          const location = response.headers.location;
          return location
            ? resolve({ status: "redirect", location })
            : fail(`redirect ${status} without Location`);
        }
        if (status !== 200) {
          response.resume();
          return fail(`the server answered ${status}`);
        }
        const declared = response.headers["content-length"];
        if (declared !== undefined && Number(declared) > options.maxBytes) {
          request.destroy();
          return fail(`the file is larger than ${options.maxBytes} bytes`);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            request.destroy();
            return fail(`the file is larger than ${options.maxBytes} bytes`);
          }
          chunks.push(chunk);
        });
        response.on("aborted", () => fail(`the download was cut after ${size} bytes`));
        response.on("error", () => fail(`the download was cut after ${size} bytes`));
        response.on("end", () => {
          if (!response.complete || (declared !== undefined && Number(declared) !== size)) {
            return fail(`the download was cut after ${size} of ${declared ?? "?"} bytes`);
          }
          resolve({ status: 200, body: Buffer.concat(chunks), headers: response.headers, url });
        });
      },
      (error) => fail(error.message),
    );
    request.end();
  });
}
