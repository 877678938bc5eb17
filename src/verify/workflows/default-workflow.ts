// spec/design: a new tenant starts with a live default workflow (document, passive liveness, face match, AML).
import { onTenantCreated } from "../../platform/tenants/tenants.js";
import { insertWorkflow, STANDARD_KYC_NODES } from "./workflows.js";

onTenantCreated(async (tx, tenantId) => {
  await insertWorkflow(
    tx,
    tenantId,
    { name: "Standard KYC", status: "live", nodes: STANDARD_KYC_NODES, branding: {} },
    { makeDefault: true, actor: "system" },
  );
});
