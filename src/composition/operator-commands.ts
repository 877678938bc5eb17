// Every operator command (design: Operator CLI), joined from each area's table. The CLI process and the
// admin socket of a running server dispatch from this one list.
import { amlCommands } from "../cli/aml-commands.js";
import { commandNames, isCommand, runCommand } from "../cli/command-line.js";
import { tenantCommands } from "../cli/tenant-commands.js";
import { operatorAccountCommands } from "../console/operator-commands.js";
import { retentionCommands } from "../identities/retention-commands.js";
import { flowCommands } from "../partner/flows/flow-commands.js";
import type { CommandTable } from "../platform/commands/command-table.js";
import type { Services } from "../services.js";
import { ipCommands } from "../tools/ip-commands.js";
import { lensCommands } from "../tools/lens/lens-commands.js";
import { brandingCommands } from "../verify/branding-commands.js";
import { nfcCommands } from "../verify/nfc/nfc-commands.js";
import { registryCommands } from "../verify/registry/registry-commands.js";
import { reviewCommands } from "../verify/sessions/review-commands.js";
import { workflowCommands } from "../verify/workflows/workflow-commands.js";
import { webhookCommands } from "../webhooks/webhook-commands.js";

export const operatorCommands: CommandTable<Services> = {
  ...tenantCommands,
  ...workflowCommands,
  ...flowCommands,
  ...brandingCommands,
  ...reviewCommands,
  ...webhookCommands,
  ...retentionCommands,
  ...operatorAccountCommands,
  ...amlCommands,
  ...ipCommands,
  ...lensCommands,
  ...registryCommands,
  ...nfcCommands,
};

export function runOperatorCommand(services: Services, argv: string[]): Promise<unknown> {
  return runCommand(operatorCommands, services, argv);
}

export function isOperatorCommand(argv: string[]): boolean {
  return isCommand(operatorCommands, argv);
}

export function operatorCommandNames(): string[] {
  return commandNames(operatorCommands);
}
