// `kyc retention set T DAYS`: how long the tenant's session evidence is kept (design: default 365 days).
import type { CommandTable } from "../platform/commands/command-table.js";
import type { Services } from "../services.js";
import { setEvidenceRetentionDays } from "./evidence-retention.js";

export const retentionCommands: CommandTable<Services> = {
  "retention set": async (services, command) => {
    const [tenant, days] = command.positionals;
    await setEvidenceRetentionDays(services, tenant ?? "", Number(days));
    return { ok: true, evidence_retention_days: Number(days) };
  },
};
