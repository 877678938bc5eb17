// `kyc retention set T DAYS`: how long the tenant's session evidence is kept (design: default 365 days).
import { registerAdminCommand } from "../cli/admin-commands.js";
import { setEvidenceRetentionDays } from "./evidence-retention.js";

registerAdminCommand("retention set", async (services, command) => {
  const [tenant, days] = command.positionals;
  await setEvidenceRetentionDays(services, tenant ?? "", Number(days));
  return { ok: true, evidence_retention_days: Number(days) };
});
