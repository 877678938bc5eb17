// The typed client: openapi-fetch over the `paths` openapi-typescript generated from the service's document.
// Paths, parameters, bodies and responses are checked at compile time; errors come back as `error`, typed by
// the operation's documented error responses.
import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { paths } from "./schema.js";

export interface KycClientOptions extends Omit<ClientOptions, "baseUrl"> {
  /** The service's base URL, e.g. http://127.0.0.1:8080 (no trailing path). */
  baseUrl: string;
  /** A tenant key: `kyc_live_…`, or `kyc_test_…` for the sandbox. Sent as `x-api-key` (and Bearer on /api/v1). */
  apiKey?: string;
}

export type KycClient = Client<paths>;

export function createKycClient({ baseUrl, apiKey, headers, ...rest }: KycClientOptions): KycClient {
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ""),
    headers: {
      ...(apiKey ? { "x-api-key": apiKey } : {}),
      ...(headers as Record<string, string> | undefined),
    },
    ...rest,
  });
}
