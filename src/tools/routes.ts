// Every /v3/tools/* route, registered explicitly in one place (style habit 1). Each tool area adds one line.
import type { App } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { registerAmlCheckRoute } from "./aml-check.js";
import { registerBusinessDocumentRoute } from "./business-document.js";
import { registerDocumentExtractRoute } from "./document-extract.js";
import { registerFaceSearchRoute } from "./face-search.js";
import { registerFaceVerifyRoute } from "./face-verify.js";
import { registerIpCheckRoute } from "./ip-check.js";
import { registerLensRoute } from "./lens.js";
import { registerLivenessRoute } from "./liveness.js";
import { registerLivenessChallengeRoute } from "./liveness-challenge.js";
import { registerLivenessVerifyRoute } from "./liveness-verify.js";
import { registerSignatureEnrollRoute } from "./signature-enroll.js";
import { registerSignatureSearchRoute } from "./signature-search.js";
import { registerSignatureVerifyRoute } from "./signature-verify.js";

export function registerToolRoutes(app: App, services: Services): void {
  registerFaceVerifyRoute(app, services);
  registerFaceSearchRoute(app, services);
  registerSignatureVerifyRoute(app, services);
  registerSignatureSearchRoute(app, services);
  registerSignatureEnrollRoute(app, services);
  registerDocumentExtractRoute(app, services);
  registerBusinessDocumentRoute(app, services);
  registerLivenessRoute(app, services);
  registerLivenessChallengeRoute(app, services);
  registerLivenessVerifyRoute(app, services);
  registerAmlCheckRoute(app, services);
  registerIpCheckRoute(app, services);
  registerLensRoute(app, services);
}
