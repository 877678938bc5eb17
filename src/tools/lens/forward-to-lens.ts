// One lens call: the tenant's upstream for the service (404/403 first), the image checked like every tool
// image, the balance checked when LENS_<SERVICE> has an explicit rate, then the image POSTed as JSON
// `{"image_base64": "<base64>"}` with the registered headers through the SSRF-safe client. A 2xx answer
// is handed back untouched (body and content type); anything else — refused address, network failure,
// timeout, non-2xx, an answer over 10 MB — is 502 upstream_failed and is never charged.
import { decodeImageField } from "../../engines/image/decode-image-field.js";
import { explicitRateFor } from "../../platform/credits/rates.js";
import { AppError } from "../../platform/errors.js";
import { postForResponse, type UpstreamResponse } from "../../platform/net/post-for-response.js";
import { checkTarget } from "../../platform/net/safe-request.js";
import type { Services } from "../../services.js";
import { runChargeableTool } from "../run-chargeable-tool.js";
import { lensRateKey, resolveLensService } from "./lens-services.js";

const MAX_UPSTREAM_ANSWER = 10 * 1024 * 1024;

export async function forwardToLens(
  services: Services,
  tenantId: string,
  service: string,
  imageBase64: unknown,
): Promise<UpstreamResponse> {
  const upstream = await resolveLensService(services.db, tenantId, service);
  // Only presence, size and type are checked; the pixels are the upstream's business.
  const image = await decodeImageField(imageBase64, "image", { rgbMaxSide: 64 });
  const rateKey = lensRateKey(service);
  const metered = (await explicitRateFor(services.db, tenantId, rateKey)) !== null;
  // The shared tool billing: 402 before the call when metered, one debit only after a 2xx.
  return runChargeableTool(services, {
    tenantId,
    features: [],
    billedFeature: metered ? rateKey : null,
    work: () =>
      callUpstream(
        services,
        { tenantId, service, url: upstream.url, headers: upstream.headers },
        image.bytes,
      ),
  });
}

async function callUpstream(
  services: Services,
  call: { tenantId: string; service: string; url: string; headers: Record<string, string> },
  image: Buffer,
): Promise<UpstreamResponse> {
  const { tenantId, service } = call;
  let answer: UpstreamResponse;
  try {
    const target = await checkTarget(call.url, { allowPrivate: services.config.allowPrivateTargets });
    answer = await postForResponse(
      target,
      JSON.stringify({ image_base64: image.toString("base64") }),
      call.headers,
      {
        timeoutMs: services.config.lensTimeoutMs,
        maxBytes: MAX_UPSTREAM_ANSWER,
      },
    );
  } catch (error) {
    services.log.warn({ tenantId, service, err: (error as Error).message }, "lens upstream failed");
    throw new AppError("upstream_failed", { message: "The lens service did not answer." });
  }
  if (answer.status < 200 || answer.status > 299) {
    services.log.warn({ tenantId, service, status: answer.status }, "lens upstream refused");
    throw new AppError("upstream_failed", { message: `The lens service answered ${answer.status}.` });
  }
  return answer;
}
