// Assembles the HTTP app and the job workers from Services: `kyc start` runs both, `kyc serve` and
// `kyc worker` one each (design: Processes and scale).
import type { FastifyInstance } from "fastify";
import { sweepLivenessChallengesJob } from "./engines/liveness/sweep-challenges-job.js";
import { amlRescreenJob } from "./identities/aml-monitoring/rescreen-identities.js";
import { evidenceRetentionJob } from "./identities/evidence-retention.js";
import { identityImportJob } from "./identities/import/run-import-batch.js";
import { partnerSurface } from "./partner/routes.js";
import { type App, buildApp } from "./platform/http/app.js";
import type { JobDefinition } from "./platform/jobs/catalog.js";
import { platformJobs } from "./platform/jobs/housekeeping.js";
import { type JobWorker, startJobWorker } from "./platform/jobs/worker.js";
import { registerPublicRoutes } from "./public-routes.js";
import type { Services } from "./services.js";
import { decideSessionJob } from "./verify/decision/decide-session-job.js";
import { verifySurface } from "./verify/routes.js";
import { sessionJobs } from "./verify/sessions/session-jobs.js";
import { deliverWebhookJob } from "./webhooks/deliver-event.js";

/** Every job the workers run: one typed catalog. */
export function allJobs(): JobDefinition<never>[] {
  return [
    ...platformJobs,
    ...sessionJobs,
    decideSessionJob,
    deliverWebhookJob,
    sweepLivenessChallengesJob,
    amlRescreenJob,
    evidenceRetentionJob,
    identityImportJob,
  ] as JobDefinition<never>[];
}

export function createHttpApp(services: Services, options: { logger?: boolean } = {}): Promise<App> {
  return buildApp(services, {
    surfaces: [verifySurface, partnerSurface],
    publicRoutes: registerPublicRoutes,
    logger: options.logger,
  });
}

export function startWorkers(services: Services): JobWorker {
  return startJobWorker(services, allJobs(), { pollMs: services.config.jobPollMs });
}

export async function listen(app: FastifyInstance, services: Services): Promise<string> {
  return app.listen({ port: services.config.port, host: services.config.host });
}
