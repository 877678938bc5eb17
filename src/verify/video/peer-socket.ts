// One party's signalling socket, the same for applicant and agent: filed in the hub on open, removed on close,
// and every message parsed as a small JSON object before the role's handler sees it. `signal` messages are
// relayed to the other party untouched; the rest are the role's own commands.
import type { FastifyBaseLogger } from "fastify";
import type { PeerRole, PeerSocket, SignallingHub } from "./signalling-hub.js";

/** What @fastify/websocket hands a route: a `ws` socket. */
export interface ServerSocket extends PeerSocket {
  on(event: "message", listener: (data: Buffer) => void): void;
  on(event: "close", listener: () => void): void;
}

export const SOCKET_MAX_BYTES = 64 * 1024;

export function servePeerSocket(
  hub: SignallingHub,
  input: { callId: string; role: PeerRole; socket: ServerSocket; log: FastifyBaseLogger },
  onCommand: (message: { type: string; [key: string]: unknown }) => Promise<void>,
): void {
  const { callId, role, socket, log } = input;
  hub.attach(callId, role, socket);
  socket.on("message", (raw) => {
    let message: unknown;
    try {
      message = JSON.parse(raw.toString("utf8"));
    } catch {
      return;
    }
    if (
      typeof message !== "object" ||
      message === null ||
      typeof (message as { type?: unknown }).type !== "string"
    )
      return;
    const typed = message as { type: string; [key: string]: unknown };
    if (typed.type === "signal") {
      hub.relay(callId, role, typed.data);
      return;
    }
    onCommand(typed).catch((error: unknown) => {
      log.warn({ err: error, callId, role, type: typed.type }, "video socket command failed");
      hub.send(callId, role, { type: "error", command: typed.type });
    });
  });
  socket.on("close", () => hub.detach(callId, role, socket));
}
