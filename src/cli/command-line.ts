// Parses an operator command line and dispatches it to the command table the composition root built.
// The same dispatcher runs in the CLI process and inside a running server that receives commands over
// its admin socket (design: First start and the CLI beside a running server).
import { parseArgs } from "node:util";
import type { CommandTable, ParsedCommand } from "../platform/commands/command-table.js";
import { AppError } from "../platform/errors.js";

const OPTIONS = {
  json: { type: "boolean" },
  name: { type: "string" },
  credits: { type: "string" },
  features: { type: "string" },
  label: { type: "string" },
  tenant: { type: "string" },
  file: { type: "string" },
  default: { type: "boolean" },
  workflow: { type: "string" },
  email: { type: "string" },
  password: { type: "string" },
  role: { type: "string" },
  schema: { type: "string" },
  reason: { type: "string" },
  test: { type: "boolean" },
} as const;

export function parseCommandLine(argv: string[]): ParsedCommand {
  const { positionals, values } = parseArgs({
    args: argv,
    options: OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  return { positionals, flags: values };
}

/** Command names are one to three words: the longest one the positionals start with wins. */
function commandWords<C>(table: CommandTable<C>, positionals: string[]): number | undefined {
  return [3, 2, 1].find((words) => table[positionals.slice(0, words).join(" ")] !== undefined);
}

export function isCommand<C>(table: CommandTable<C>, argv: string[]): boolean {
  const { positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: false });
  return commandWords(table, positionals) !== undefined;
}

export async function runCommand<C>(table: CommandTable<C>, context: C, argv: string[]): Promise<unknown> {
  const parsed = parseCommandLine(argv);
  const words = commandWords(table, parsed.positionals);
  const handler = words === undefined ? undefined : table[parsed.positionals.slice(0, words).join(" ")];
  if (!handler || words === undefined) {
    throw new AppError("validation_failed", {
      message: `Unknown command: ${parsed.positionals.join(" ") || "(none)"}`,
    });
  }
  return handler(context, { ...parsed, positionals: parsed.positionals.slice(words) });
}

export function commandNames<C>(table: CommandTable<C>): string[] {
  return Object.keys(table).sort();
}
