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
  header: { type: "string", multiple: true },
  url: { type: "string" },
  test: { type: "boolean" },
  "timeout-ms": { type: "string" },
  retries: { type: "string" },
} as const;

export function parseCommandLine(argv: string[]): ParsedCommand {
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      options: OPTIONS,
      allowPositionals: true,
      strict: true,
    });
    return { positionals, flags: values };
  } catch (error) {
    // node:util's parse errors name the option in a sentence about `--`; say what was wrong instead.
    const code = (error as { code?: string }).code;
    const option = /'(-[^' ]+)/.exec((error as Error).message)?.[1] ?? "";
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      throw new AppError("validation_failed", { field: option, message: `Unknown option ${option}.` });
    }
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
      throw new AppError("validation_failed", {
        field: option,
        message: `Option '${option}' ${OPTIONS[option.replace(/^-+/, "") as keyof typeof OPTIONS]?.type === "boolean" ? "takes no value" : "needs a value"}.`,
      });
    }
    throw error;
  }
}

/** The command a command line names (longest match), or undefined. */
export function commandOf<C>(table: CommandTable<C>, argv: string[]): string | undefined {
  const positionals = argv.filter((word) => !word.startsWith("-"));
  const words = commandWords(table, positionals);
  return words === undefined ? undefined : positionals.slice(0, words).join(" ");
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
