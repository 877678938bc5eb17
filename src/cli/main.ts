// `kyc`: the service's entry point and operator CLI (design: Operator CLI, First start and the CLI).
import { existsSync } from "node:fs";
import type { Server } from "node:net";
import { resolve } from "node:path";
import { pino } from "pino";
import { closeServices, createServices } from "../composition/create-services.js";
import { createHttpApp, listen } from "../composition/http-app.js";
import { startWorkers } from "../composition/jobs.js";
import {
  isOperatorCommand,
  operatorCommandNames,
  operatorCommands,
  runOperatorCommand,
} from "../composition/operator-commands.js";
import { type Config, ConfigError, loadConfig } from "../config.js";
import { type DataDirLock, DataDirLockedError, lockDataDir } from "../platform/db/data-dir-lock.js";
import { migrateToLatest } from "../platform/db/migrate.js";
import { isAppError } from "../platform/errors.js";
import { requeueStaleJobs } from "../platform/jobs/queue.js";
import type { Services } from "../services.js";
import { sendAdminCommand, serveAdminSocket } from "./admin-socket.js";
import { commandOf, parseCommandLine } from "./command-line.js";
import { commandHelp, isUsageError, usageLine } from "./command-usage.js";
import { installGracefulShutdown } from "./graceful-shutdown.js";
import { printResult } from "./print-result.js";
import { readPassword } from "./read-password.js";
import { announceDataDir, INIT_FLAG, requireDataDir } from "./require-data-dir.js";

const USAGE = `Usage: kyc <command> [options]

Processes:
  start                 HTTP API and job workers in one process (npm start)
  serve                 HTTP API only
  worker                job workers only
  migrate               apply database migrations and exit

Operator commands (add --json for machine-readable output). On the embedded database they act on
DATA_DIR's database (printed on stderr) and refuse to create one there unless given --init:
  ${"{COMMANDS}"}
`;

async function main(args: string[]): Promise<number> {
  const init = args.includes(INIT_FLAG);
  const argv = args.filter((word) => word !== INIT_FLAG);
  const [command = "help"] = argv;
  const config = loadConfig();
  switch (command) {
    case "start":
    case "serve":
    case "worker":
      await runProcess(config, command);
      return 0;
    case "migrate":
      if (!config.databaseUrl) {
        announceDataDir(config.dataDir);
        requireDataDir(config.dataDir, init);
      }
      return withDatabase(config, async (services) => {
        const report = await migrateToLatest(services.db);
        printResult({ applied: report.applied }, argv.includes("--json"));
      });
    case "help":
    case "--help":
    case "-h":
      console.log(USAGE.replace("{COMMANDS}", operatorCommandNames().join("\n  ")));
      return 0;
  }
  const named = commandOf(operatorCommands, argv);
  if (!isOperatorCommand(argv) || !named) {
    console.error(`Unknown command: ${argv.join(" ")}\n`);
    console.error(USAGE.replace("{COMMANDS}", operatorCommandNames().join("\n  ")));
    return 2;
  }
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(commandHelp(named));
    return 0;
  }
  try {
    parseCommandLine(argv);
  } catch (error) {
    if (!isAppError(error)) throw error;
    console.error(`${error.message}\n${usageLine(named)}`);
    return 2;
  }
  if (named === "operator create" && !argv.includes("--password")) {
    argv.push("--password", await readPassword());
  } else if (argv.includes("--password")) {
    console.error(
      "warning: --password leaves the password in shell history and process lists; omit it to be prompted",
    );
  }
  const json = argv.includes("--json");
  if (!config.databaseUrl) {
    announceDataDir(config.dataDir);
    // A running server holds the embedded database: hand it the command.
    // The server runs in another working directory: send file arguments as absolute paths.
    const reply = await sendAdminCommand(
      config.dataDir,
      argv.map((word) => (!word.startsWith("-") && existsSync(word) ? resolve(word) : word)),
    );
    if (reply) {
      if (!reply.ok) {
        const message = reply.error ?? "The command failed.";
        console.error(message);
        if (!isUsageError(message)) return 1;
        console.error(usageLine(named));
        return 2;
      }
      printResult(reply.result, json);
      return 0;
    }
    requireDataDir(config.dataDir, init);
  }
  try {
    return await withDatabase(config, async (services) => {
      printResult(await runOperatorCommand(services, argv), json);
    });
  } catch (error) {
    if (!isAppError(error) || !isUsageError(error.message)) throw error;
    console.error(`${error.message}\n${usageLine(named)}`);
    return 2;
  }
}

async function withDatabase(config: Config, work: (services: Services) => Promise<void>): Promise<number> {
  const lock = config.databaseUrl ? null : lockDataDir(config.dataDir);
  const services = await createServices(config, { log: quietLogger() });
  try {
    await work(services);
    return 0;
  } finally {
    await closeServices(services);
    lock?.release();
  }
}

async function runProcess(config: Config, mode: "start" | "serve" | "worker"): Promise<void> {
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) {
    if (mode !== "start") {
      throw new ConfigError(
        `'kyc ${mode}' splits the service across processes: it needs DATABASE_URL (PostgreSQL).`,
      );
    }
    lock = lockDataDir(config.dataDir);
  } else if (mode !== "start" && !config.sessionTokenKey) {
    // Split processes keep their own DATA_DIR: a key file per node would give each node other session URLs.
    throw new ConfigError(
      `'kyc ${mode}' runs beside other nodes: set SESSION_TOKEN_KEY (32+ characters, the same on every node).`,
    );
  }
  const services = await createServices(config);
  if (config.allowPrivateTargets) {
    services.log.warn(
      "ALLOW_PRIVATE_TARGETS is on: webhooks and imports may reach private addresses (development only)",
    );
  }
  // Holding the embedded database alone, this process knows every job still marked running was left by a
  // process that died: they are free now, not when their leases lapse.
  if (lock) {
    services.log.info({ dataDir: config.dataDir }, "embedded database");
    await requeueStaleJobs(services.db, { all: true });
  }
  const app = mode === "worker" ? null : await createHttpApp(services);
  const worker = mode === "serve" ? null : startWorkers(services);
  let adminServer: Server | null = null;
  if (lock) {
    adminServer = await serveAdminSocket(config.dataDir, services.log, (argv) =>
      runOperatorCommand(services, argv),
    );
  }
  if (app) await listen(app, services);
  await printFirstStartHint(services);
  if (app && config.warmEngines) {
    // Models load in the background: the first verification after a start does not pay for them.
    services.engines.warm().then(
      () => services.log.info("engines warm"),
      (error: Error) => services.log.warn({ err: error.message }, "engine warm-up failed"),
    );
  }

  installGracefulShutdown(services.log, [
    { name: "admin socket", run: () => adminServer?.close() },
    { name: "http", run: () => app?.close() },
    { name: "job workers", run: () => worker?.stop() },
    { name: "services", run: () => closeServices(services) },
    { name: "data-dir lock", run: () => lock?.release() },
  ]);
}

async function printFirstStartHint(services: Services): Promise<void> {
  const tenant = await services.db.selectFrom("tenants").select("id").limit(1).executeTakeFirst();
  if (tenant) return;
  console.log(
    "\nNo tenant yet. Create one (in another terminal, while this server runs; README: Quick start):\n" +
      '  npm run --silent kyc -- tenant create --name "My company" --credits 100 --json\n' +
      `then: curl -H "x-api-key: <api_key>" ${services.config.publicUrl}/v3/credits/ledger/\n`,
  );
}

/** Operator commands print their result, not service logs: warnings go to stderr so `--json` stays parseable. */
function quietLogger() {
  return pino({ level: "warn" }, pino.destination(2));
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
    else if (isAppError(error)) console.error(error.message);
    else console.error(error);
    process.exitCode = 1;
  },
);
