// Every /api/v1 route, registered explicitly in one place (style habit 1). The error renderer picks the
// body shape from the URL: {ok:false, error, detail} for sessions/applications, {error} for lists.

import { keyFromPartnerHeaders } from "../platform/auth/authenticate.js";
import { AppError } from "../platform/errors.js";
import type { SurfaceDefinition } from "../platform/http/app.js";
import type { Services } from "../services.js";
import { registerGetApplicationRoute } from "./applications/get.js";
import { registerUpdateApplicationRoute } from "./applications/update.js";
import { registerCheckRoute } from "./lists/check.js";
import { registerCreateListRoute } from "./lists/create-list.js";
import { registerDeleteListRoute } from "./lists/delete-list.js";
import { registerAddEntriesRoute } from "./lists/entries/add-entries.js";
import { registerDeleteEntryRoute } from "./lists/entries/delete-entry.js";
import { registerGetEntriesRoute } from "./lists/entries/get-entries.js";
import { registerReplaceEntriesRoute } from "./lists/entries/replace-entries.js";
import { registerUpdateEntryRoute } from "./lists/entries/update-entry.js";
import { registerGetListsRoute } from "./lists/get-lists.js";
import { registerUpdateListRoute } from "./lists/update-list.js";
import { registerCreateSessionRoute } from "./sessions/create.js";

export const partnerSurface: SurfaceDefinition<Services> = {
  prefix: "/api/v1",
  keyFrom: keyFromPartnerHeaders,
  register(app, services) {
    // design: Sandbox — test mode covers /v3 only; a test key here would act on live applications and lists.
    app.addHook("preHandler", async (request) => {
      if (!request.tenant?.test) return;
      const message = "Test keys work on /v3 only; use a live key for /api/v1.";
      throw new AppError("forbidden", { detail: message, message });
    });
    registerCreateSessionRoute(app, services);
    registerGetApplicationRoute(app, services);
    registerUpdateApplicationRoute(app, services);
    registerGetListsRoute(app, services);
    registerCreateListRoute(app, services);
    registerCheckRoute(app, services);
    registerUpdateListRoute(app, services);
    registerDeleteListRoute(app, services);
    registerGetEntriesRoute(app, services);
    registerAddEntriesRoute(app, services);
    registerReplaceEntriesRoute(app, services);
    registerUpdateEntryRoute(app, services);
    registerDeleteEntryRoute(app, services);
  },
};
