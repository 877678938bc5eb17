// What one area runs when another's state changes, listed here rather than registered by importing a
// module: a reader sees every hook in one place. Each runs inside the transaction of the change.
import { followSessionOutcome } from "../partner/applicant/hand-off.js";
import type { ServiceHooks } from "../services.js";
import { createDefaultWorkflow } from "../verify/workflows/default-workflow.js";

export const serviceHooks: ServiceHooks = {
  tenantCreated: [createDefaultWorkflow],
  sessionStatusChanged: [followSessionOutcome],
};
