// One HTTP(S) request to an address that checkTarget approved: the socket's DNS lookup is replaced by the
// checked address, and the address the socket actually connected to is classified again (defence in depth
// against any path that bypasses the pinned lookup), before the response is handed to the caller.
import http, { type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import https from "node:https";
import type { LookupFunction, Socket } from "node:net";
import { isPublicAddress } from "./public-address.js";
import type { CheckedTarget } from "./safe-request.js";
import { normalizeTargetError, TargetRefusedError, TargetUnreachableError } from "./target-errors.js";

export interface PinnedRequestOptions {
  method: "GET" | "POST";
  headers: OutgoingHttpHeaders;
  /** Idle time allowed per socket operation. */
  timeoutMs: number;
}

/**
 * Starts the request; `onResponse` gets the response, `onError` exactly one TargetRefusedError or
 * TargetUnreachableError (whatever went wrong underneath).
 */
export function openPinnedRequest(
  target: CheckedTarget,
  options: PinnedRequestOptions,
  onResponse: (response: IncomingMessage) => void,
  onError: (error: TargetRefusedError | TargetUnreachableError) => void,
): ClientRequest {
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all)
      callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const transport = target.url.protocol === "https:" ? https : http;
  let failed = false;
  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    onError(normalizeTargetError(error));
  };
  const request = transport.request(
    target.url,
    {
      method: options.method,
      lookup: pinned,
      headers: options.headers,
      timeout: options.timeoutMs,
      // A fresh socket per request: a pooled one could have been connected under another check.
      agent: false,
    },
    (response) => {
      if (!connectedAddressAllowed(target, response.socket)) {
        request.destroy(new TargetRefusedError("blocked_address"));
        return;
      }
      onResponse(response);
    },
  );
  request.on("socket", (socket) => {
    socket.once("connect", () => {
      if (!connectedAddressAllowed(target, socket))
        request.destroy(new TargetRefusedError("blocked_address"));
    });
  });
  request.on("timeout", () =>
    request.destroy(new TargetUnreachableError(`no activity for ${Math.round(options.timeoutMs / 1000)} s`)),
  );
  request.on("error", fail);
  return request;
}

function connectedAddressAllowed(target: CheckedTarget, socket: Socket | null): boolean {
  if (target.allowPrivate) return true;
  const address = socket?.remoteAddress;
  return address !== undefined && isPublicAddress(address);
}
