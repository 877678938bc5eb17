// Operator commands as data: each area exports a table (`"tenant create": handler`), and the composition
// root joins the tables into the one list the CLI and the admin socket dispatch from. Generic over the
// context the handlers receive, so platform/ names nothing above it.
import { AppError } from "../errors.js";

export interface ParsedCommand {
  positionals: string[];
  /** `multiple` options (e.g. `--header`, repeatable) give an array. */
  flags: Record<string, string | boolean | string[] | undefined>;
}

export type OperatorCommand<C> = (context: C, command: ParsedCommand) => Promise<unknown>;

/** Command name (one to three words, e.g. `"key rotate-all"`) → handler. */
export type CommandTable<C> = Readonly<Record<string, OperatorCommand<C>>>;

/** The positional argument at `index`, or a validation error naming it. */
export function requiredArg(command: ParsedCommand, index: number, name: string): string {
  const value = command.positionals[index];
  if (!value) throw new AppError("validation_failed", { field: name, message: `Missing argument ${name}.` });
  return value;
}

export function stringFlag(command: ParsedCommand, name: string): string | undefined {
  const value = command.flags[name];
  return typeof value === "string" ? value : undefined;
}

/** `a, b,c` → `["a", "b", "c"]`. */
export function splitList(value: string): string[] {
  return value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}
