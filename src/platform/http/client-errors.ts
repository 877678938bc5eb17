// Requests Node's HTTP parser refuses before any route sees them: a request line and headers over its
// 16 KB limit (431), a client that did not finish in time (408), bytes that are not HTTP (400). They are
// answered on the socket in the error shape of the surface the request line names, like every other
// error, instead of Fastify's default `{error, message, statusCode}` body.
import type { Duplex } from "node:stream";
import { AppError } from "../errors.js";
import { renderError, surfaceOf } from "./error-bodies.js";

interface ClientError extends Error {
  code?: string;
  /** The bytes received before the parser gave up (Node sets a Buffer on parse errors). */
  rawPacket?: unknown;
}

export function clientErrorFor(error: ClientError): { status: number; body: string } {
  const appError =
    error.code === "HPE_HEADER_OVERFLOW"
      ? new AppError("headers_too_large", {
          message: "The request line and headers exceed 16 KB.",
        })
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? new AppError("request_timeout", { message: "The request was not received in time." })
        : new AppError("invalid_request", { message: "The request is not valid HTTP." });
  // The request line, when it arrived, says which surface the client was calling.
  const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : null;
  const line = raw?.subarray(0, 2048).toString("latin1").split("\r\n", 1)[0] ?? "";
  const target = line.split(" ")[1] ?? "/";
  const body = JSON.stringify(renderError(surfaceOf(target.startsWith("/") ? target : "/"), appError));
  return { status: appError.status, body };
}

export function answerClientError(error: ClientError, socket: Duplex): void {
  // A reset connection has nobody to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (socket.writable) {
    const { status, body } = clientErrorFor(error);
    const reason =
      status === 431 ? "Request Header Fields Too Large" : status === 408 ? "Request Timeout" : "Bad Request";
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
