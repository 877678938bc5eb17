// The console's video-call routes (issue 17): the queue (operator scope) and, per tenant, one call's page,
// take, screenshots, recording upload, verdict and the agent's signalling socket.
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import type { SignallingHub } from "../../verify/video/signalling-hub.js";
import { registerConsoleEndVideoCallRoute } from "./end.js";
import { registerConsoleGetVideoCallRoute } from "./get.js";
import { registerConsoleVideoRecordingRoutes } from "./recording.js";
import { registerConsoleVideoScreenshotRoute } from "./screenshot.js";
import { registerConsoleVideoSocketRoute } from "./socket.js";
import { registerConsoleTakeVideoCallRoute } from "./take.js";

export { registerConsoleVideoQueueRoute } from "./queue.js";

export function registerConsoleVideoCallRoutes(app: App, services: Services, hub: SignallingHub): void {
  registerConsoleGetVideoCallRoute(app, services, hub);
  registerConsoleTakeVideoCallRoute(app, services, hub);
  registerConsoleEndVideoCallRoute(app, services, hub);
  registerConsoleVideoScreenshotRoute(app, services);
  registerConsoleVideoRecordingRoutes(app, services);
  registerConsoleVideoSocketRoute(app, services, hub);
}
