// Stopping a server process: on SIGTERM/SIGINT drain (stop accepting, finish in-flight requests and jobs,
// close the database), but never for longer than a deadline — then exit anyway. A step that fails is
// logged and the next one runs; a log write that fails (the output pipe is gone) is ignored. A second
// signal exits at once. Jobs cut short keep their lease and come back to a worker when it lapses.
import type { Logger } from "pino";

export const SHUTDOWN_DEADLINE_MS = 10_000;

export interface ShutdownStep {
  name: string;
  run(): unknown;
}

export function installGracefulShutdown(
  log: Logger,
  steps: ShutdownStep[],
  deadlineMs = SHUTDOWN_DEADLINE_MS,
): void {
  // A closed stdout/stderr (parent gone) must not turn into an exception in the middle of shutdown.
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      safely(() => log.warn({ signal }, "second signal: exiting now"));
      process.exit(1);
    }
    stopping = true;
    safely(() => log.info({ signal, deadlineMs }, "shutting down"));
    setTimeout(() => {
      safely(() => log.error({ deadlineMs }, "shutdown deadline passed: exiting without finishing"));
      process.exit(1);
    }, deadlineMs);
    for (const step of steps) {
      try {
        await step.run();
      } catch (error) {
        safely(() => log.error({ step: step.name, err: String(error) }, "shutdown step failed"));
      }
    }
    process.exit(0);
  };
  process.on("SIGINT", (signal) => void stop(signal));
  process.on("SIGTERM", (signal) => void stop(signal));
}

function safely(write: () => void): void {
  try {
    write();
  } catch {
    // nowhere left to report it
  }
}
