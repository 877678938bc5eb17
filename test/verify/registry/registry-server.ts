// A registry endpoint on loopback for DATABASE_VALIDATION tests: it checks the X-Registry-Signature the way a
// tenant's receiver would (HMAC-SHA256 of "<t>.<raw body>" with the connector's secret) and answers with
// whatever the test's handler decides.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface RegistryHit {
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  signatureValid: boolean;
}

export interface RegistryServer {
  url: string;
  secret: string;
  hits: RegistryHit[];
  handler: (hit: RegistryHit) => { status: number; body: unknown; delayMs?: number };
  close(): Promise<void>;
}

function signatureValid(secret: string, header: string | undefined, raw: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match || !secret) return false;
  const expected = createHmac("sha256", secret).update(`${match[1]}.${raw}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, "hex"));
}

export async function startRegistryServer(): Promise<RegistryServer> {
  const registry: RegistryServer = {
    url: "",
    secret: "",
    hits: [],
    handler: () => ({ status: 200, body: { record_found: false, record_reference: null, fields: {} } }),
    close: async () => {},
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const hit: RegistryHit = {
        headers: request.headers,
        body: JSON.parse(raw) as Record<string, unknown>,
        signatureValid: signatureValid(
          registry.secret,
          request.headers["x-registry-signature"] as string | undefined,
          raw,
        ),
      };
      registry.hits.push(hit);
      const answer = registry.handler(hit);
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(answer.status, { "content-type": "application/json" });
        response.end(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  registry.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/nid/verify`;
  registry.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return registry;
}
