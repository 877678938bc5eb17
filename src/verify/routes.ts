// Every /v3 route, registered explicitly in one place (style habit 1).
import { keyFromVerifyHeaders } from "../platform/auth/authenticate.js";
import type { SurfaceDefinition } from "../platform/http/app.js";
import { registerLedgerRoute } from "./credits/ledger.js";

export const verifySurface: SurfaceDefinition = {
  prefix: "/v3",
  keyFrom: keyFromVerifyHeaders,
  register(app, services) {
    registerLedgerRoute(app, services);
  },
};
