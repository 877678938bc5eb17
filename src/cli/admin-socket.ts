// The local admin channel: while a server holds the embedded database, CLI commands are handed to it over
// a unix socket in DATA_DIR (mode 0600: only the operator's account can use it). One JSON line each way.
import { chmodSync, existsSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import { join } from "node:path";
import type { Logger } from "pino";
import { isAppError } from "../platform/errors.js";

export function adminSocketPath(dataDir: string): string {
  return join(dataDir, "admin.sock");
}

interface AdminReply {
  ok: boolean;
  result?: unknown;
  error?: string;
}

/** Serves `run` (the composition root's command dispatcher) on DATA_DIR/admin.sock. */
export function serveAdminSocket(
  dataDir: string,
  log: Logger,
  run: (argv: string[]) => Promise<unknown>,
): Promise<Server> {
  const path = adminSocketPath(dataDir);
  if (existsSync(path)) rmSync(path, { force: true });
  const server = createServer((socket) => {
    let buffer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      buffer += chunk;
      const newline = buffer.indexOf("\n");
      if (newline < 0) return;
      const line = buffer.slice(0, newline);
      void handle(line).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
    socket.on("error", () => socket.destroy());
  });
  async function handle(line: string): Promise<AdminReply> {
    try {
      const { argv } = JSON.parse(line) as { argv: string[] };
      log.info(
        { command: argv.filter((word) => !word.startsWith("--password")).slice(0, 3) },
        "admin command",
      );
      return { ok: true, result: await run(argv) };
    } catch (error) {
      return { ok: false, error: isAppError(error) ? error.message : String(error) };
    }
  }
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      chmodSync(path, 0o600);
      resolve(server);
    });
  });
}

/** Sends one command to a running server; resolves null when no server listens. */
export function sendAdminCommand(dataDir: string, argv: string[]): Promise<AdminReply | null> {
  const path = adminSocketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let buffer = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify({ argv })}\n`));
    socket.on("data", (chunk) => {
      buffer += chunk;
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(buffer) as AdminReply);
      } catch (error) {
        reject(error);
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve(null);
      else reject(error);
    });
  });
}
