// Every /v3 route, registered explicitly in one place (style habit 1).
import { keyFromVerifyHeaders } from "../platform/auth/authenticate.js";
import type { SurfaceDefinition } from "../platform/http/app.js";
import { registerToolRoutes } from "../tools/routes.js";
import { registerLedgerRoute } from "./credits/ledger.js";
import { registerGetMediaRoute } from "./media/get-media.js";

export const verifySurface: SurfaceDefinition = {
  prefix: "/v3",
  keyFrom: keyFromVerifyHeaders,
  register(app, services) {
    registerLedgerRoute(app, services);
    registerGetMediaRoute(app, services);
    registerToolRoutes(app, services);
  },
};
