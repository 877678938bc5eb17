// Every /v3 route, registered explicitly in one place (style habit 1).

import { registerCreateImportRoute } from "../identities/import/create.js";
import { registerDeleteImportRoute } from "../identities/import/delete.js";
import { registerGetImportRoute } from "../identities/import/get.js";
import { keyFromVerifyHeaders } from "../platform/auth/authenticate.js";
import type { SurfaceDefinition } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { registerToolRoutes } from "../tools/routes.js";
import { registerLedgerRoute } from "./credits/routes/ledger.js";
import { registerGetMediaRoute } from "./media/get-media.js";
import { keyModeGuard } from "./sandbox/key-mode-guard.js";
import { registerSandboxCompleteRoute } from "./sandbox/routes/complete.js";
import { registerSessionChecklistRoute } from "./sessions/routes/checklist.js";
import { registerCreateSessionRoute } from "./sessions/routes/create.js";
import { registerSessionDecisionRoute } from "./sessions/routes/decision.js";
import { registerDeleteSessionRoute } from "./sessions/routes/delete.js";
import { registerGeneratePdfRoute } from "./sessions/routes/generate-pdf.js";
import { registerGetSessionRoute } from "./sessions/routes/get.js";
import { registerListSessionsRoute } from "./sessions/routes/list.js";
import { registerSessionLogsRoute } from "./sessions/routes/logs.js";
import { registerSessionTagsRoutes } from "./sessions/routes/tags.js";
import { registerUpdateStatusRoute } from "./sessions/routes/update-status.js";
import { registerWorkflowUsageRoute } from "./usage/workflow-usage.js";
import { registerListWorkflowsRoute } from "./workflows/list-workflows.js";

export const verifySurface: SurfaceDefinition<Services> = {
  prefix: "/v3",
  keyFrom: keyFromVerifyHeaders,
  register(app, services) {
    // Test keys see test sessions only, live keys live ones (design: Sandbox); before any handler runs.
    app.addHook("preHandler", keyModeGuard(services));
    registerLedgerRoute(app, services);
    registerGetMediaRoute(app, services);
    registerListWorkflowsRoute(app, services);
    registerWorkflowUsageRoute(app, services);
    registerCreateSessionRoute(app, services);
    registerListSessionsRoute(app, services);
    registerGetSessionRoute(app, services);
    registerSessionDecisionRoute(app, services);
    registerSessionLogsRoute(app, services);
    registerSessionChecklistRoute(app, services);
    registerUpdateStatusRoute(app, services);
    registerDeleteSessionRoute(app, services);
    registerSessionTagsRoutes(app, services);
    registerGeneratePdfRoute(app, services);
    registerSandboxCompleteRoute(app, services);
    registerToolRoutes(app, services);
    registerCreateImportRoute(app, services);
    registerGetImportRoute(app, services);
    registerDeleteImportRoute(app, services);
  },
};
