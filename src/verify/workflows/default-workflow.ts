// spec/design: a new tenant starts with a live default workflow (document, passive liveness, face match, AML),
// validated like any operator-supplied workflow so its nodes carry their modules' parsed defaults.
import type { TenantCreatedHook } from "../../platform/tenants/tenants.js";
import { createWorkflow, STANDARD_KYC_NODES } from "./workflows.js";

/** Listed in the composition root's tenant-created hooks. */
export const createDefaultWorkflow: TenantCreatedHook = async (tx, tenantId) => {
  await createWorkflow(
    tx,
    tenantId,
    { name: "Standard KYC", status: "live", nodes: STANDARD_KYC_NODES },
    { makeDefault: true, actor: "system" },
  );
};
