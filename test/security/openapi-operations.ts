// The operations of /openapi.json and how the security tests call them (auth per surface, concrete paths).
import type { TestTenant } from "../support/test-app.js";

export interface Operation {
  method: string;
  path: string;
  bodyFields: string[];
}

/** Every operation of /openapi.json with the top-level fields of its JSON body. */
export function operationsOf(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const op = raw as {
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      };
      const schema = op.requestBody?.content?.["application/json"]?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        bodyFields: Object.keys(schema?.properties ?? {}),
      });
    }
  }
  return operations;
}

/** A concrete URL for an OpenAPI path: ids are random uuids, tokens look like tokens. */
export function concretePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (name === "token") return "x".repeat(32);
    if (name === "node_id") return "step";
    if (name === "service") return "general";
    if (name === "path") return "a/b.jpg";
    return "3f0b8a5e-8c1d-4d43-9a53-2f1b3c4d5e6f";
  });
}

export interface Callers {
  tenant: TestTenant;
  consoleHeaders: Record<string, string>;
}

export function headersFor(path: string, callers: Callers): Record<string, string> {
  if (path.startsWith("/v3") || path.startsWith("/api/v1")) return callers.tenant.headers;
  if (path.startsWith("/console/")) return callers.consoleHeaders;
  return {};
}
