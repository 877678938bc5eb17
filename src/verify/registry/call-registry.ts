// The built-in HTTPS connector: POSTs the registry request through the SSRF-safe client (the address checked
// and pinned; private targets refused unless ALLOW_PRIVATE_TARGETS), signed like a webhook with the
// connector's secret (a fresh timestamp per attempt), within the connector's timeout; network failures,
// timeouts, 429 and 5xx are retried (`retries` more attempts, 250 ms then doubling). Any other answer, or a
// body that is not the contract's response, ends the call: the node reports the registry as unavailable.
import { setTimeout as delay } from "node:timers/promises";
import { postForResponse } from "../../platform/net/post-for-response.js";
import { checkTarget, TargetRefusedError } from "../../platform/net/safe-request.js";
import { signPayload } from "../../platform/net/sign-payload.js";
import { type RegistryRequest, type RegistryResponse, registryResponseSchema } from "./registry-contract.js";
import type { RegistryConnectorsTable } from "./registry-tables.js";

const MAX_ANSWER_BYTES = 256 * 1024;

export type RegistryCall =
  | { ok: true; response: RegistryResponse; attempts: number }
  | { ok: false; error: string; attempts: number };

type Connector = Pick<RegistryConnectorsTable, "url" | "signing_secret"> & {
  timeout_ms: number;
  retries: number;
};

export async function callRegistry(
  connector: Connector,
  request: RegistryRequest,
  options: { allowPrivateTargets: boolean; backoffMs?: number },
): Promise<RegistryCall> {
  const body = JSON.stringify(request);
  let attempts = 0;
  let error = "not attempted";
  for (let attempt = 0; attempt <= connector.retries; attempt++) {
    if (attempt > 0) await delay((options.backoffMs ?? 250) * 2 ** (attempt - 1));
    attempts += 1;
    try {
      const target = await checkTarget(connector.url, {
        allowPrivate: options.allowPrivateTargets,
        allowHttp: options.allowPrivateTargets,
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const answer = await postForResponse(
        target,
        body,
        {
          "x-registry-signature": signPayload(connector.signing_secret, timestamp, body),
          "x-registry-request-id": request.request_id,
          "user-agent": "kyc-registry-connector",
        },
        { timeoutMs: connector.timeout_ms, maxBytes: MAX_ANSWER_BYTES },
      );
      if (answer.status === 429 || answer.status >= 500) {
        error = `registry answered ${answer.status}`;
        continue;
      }
      if (answer.status < 200 || answer.status > 299) {
        return { ok: false, error: `registry answered ${answer.status}`, attempts };
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer.body.toString("utf8"));
      } catch {
        return { ok: false, error: "registry answer is not JSON", attempts };
      }
      const checked = registryResponseSchema.safeParse(parsed);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        return { ok: false, error: `registry answer: ${issue.path.join(".")} ${issue.message}`, attempts };
      }
      return { ok: true, response: checked.data, attempts };
    } catch (caught) {
      // A refused destination will not change on retry.
      if (caught instanceof TargetRefusedError) {
        return { ok: false, error: `destination refused: ${caught.reason}`, attempts };
      }
      error = (caught as Error).message;
    }
  }
  return { ok: false, error, attempts };
}
