// Every job the workers run, in one typed catalog (style: Trigger.dev's job catalog). `kyc start` and
// `kyc worker` run them; cron sweeps fire once per interval across all worker processes.
import { amlSyncJob } from "../engines/aml/sync-lists-job.js";
import { sweepLivenessChallengesJob } from "../engines/liveness/sweep-challenges-job.js";
import { amlRescreenJob } from "../identities/aml-monitoring/rescreen-identities.js";
import { evidenceRetentionJob } from "../identities/evidence-retention.js";
import { identityImportJob } from "../identities/import/run-import-batch.js";
import type { AnyJob } from "../platform/jobs/catalog.js";
import { platformJobs } from "../platform/jobs/housekeeping.js";
import { type JobWorker, startJobWorker } from "../platform/jobs/worker.js";
import type { Services } from "../services.js";
import { decideSessionJob } from "../verify/decision/decide-session-job.js";
import { sessionJobs } from "../verify/sessions/session-jobs.js";
import { sweepVideoCallsJob } from "../verify/video/video-sweep-job.js";
import { webhookJobs } from "../webhooks/deliver-event.js";

export function allJobs(): AnyJob<Services>[] {
  return [
    ...platformJobs,
    ...sessionJobs,
    decideSessionJob,
    ...webhookJobs,
    sweepLivenessChallengesJob,
    amlRescreenJob,
    amlSyncJob,
    evidenceRetentionJob,
    identityImportJob,
    sweepVideoCallsJob,
  ];
}

export function startWorkers(services: Services): JobWorker {
  return startJobWorker(services, allJobs(), { pollMs: services.config.jobPollMs });
}
