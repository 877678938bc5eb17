// `kyc operator create --email E --password P [--role admin|reviewer]` → {operator_id, email, role} and
// `kyc operator disable --email E` (design: Operator CLI); `kyc operator reset-totp --email E` removes an
// operator's second factor when no admin can sign in to reset it from the console.

import type { CommandTable, ParsedCommand } from "../platform/commands/command-table.js";
import { AppError } from "../platform/errors.js";
import type { Services } from "../services.js";
import { disableOperator, resetOperatorTotpByEmail } from "./operator-admin.js";
import { createOperator } from "./operators.js";

function requiredFlag(flags: ParsedCommand["flags"], name: string): string {
  const value = flags[name];
  if (typeof value !== "string" || value === "") {
    throw new AppError("validation_failed", { field: name, message: `Use --${name}.` });
  }
  return value;
}

export const operatorAccountCommands: CommandTable<Services> = {
  "operator create": async (services, command) => {
    const role = command.flags.role;
    return createOperator(services.db, {
      email: requiredFlag(command.flags, "email"),
      password: requiredFlag(command.flags, "password"),
      role: typeof role === "string" ? role : undefined,
    });
  },
  "operator disable": async (services, command) => {
    await disableOperator(services.db, requiredFlag(command.flags, "email"));
    return { ok: true };
  },
  "operator reset-totp": async (services, command) => {
    await resetOperatorTotpByEmail(services.db, requiredFlag(command.flags, "email"));
    return { ok: true };
  },
};
