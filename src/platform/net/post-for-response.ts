// POST to a checked target and keep the whole answer (up to a cap): for upstreams whose reply is handed
// back to the caller (lens services), where postToTarget keeps only an excerpt for a delivery log. Every
// failure — network, timeout over the whole exchange, an answer over the cap — is a TargetUnreachableError.
import type { IncomingMessage } from "node:http";
import { openPinnedRequest } from "./pinned-request.js";
import type { CheckedTarget } from "./safe-request.js";
import { TargetUnreachableError } from "./target-errors.js";

export interface UpstreamResponse {
  status: number;
  contentType: string | null;
  body: Buffer;
}

export function postForResponse(
  target: CheckedTarget,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; maxBytes: number },
): Promise<UpstreamResponse> {
  return new Promise((resolve, reject) => {
    const request = openPinnedRequest(
      target,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
        },
        timeoutMs: options.timeoutMs,
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            request.destroy(new TargetUnreachableError(`answer over ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers["content-type"] ?? null,
            body: Buffer.concat(chunks),
          }),
        );
        response.on("error", () => reject(new TargetUnreachableError()));
      },
      reject,
    );
    const deadline = setTimeout(
      () => request.destroy(new TargetUnreachableError(`timed out after ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on("close", () => clearTimeout(deadline));
    request.end(body);
  });
}
