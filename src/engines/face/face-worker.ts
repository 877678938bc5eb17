// Worker thread entry: owns one inference runtime and answers requests one at a time, so model
// inference never blocks the HTTP event loop. Protocol: inference-protocol.ts and README.md.
import { parentPort } from "node:worker_threads";
import type { FromWorkerMessage, ToWorkerMessage } from "./inference-protocol.js";
import { createInferenceRuntime } from "./inference-runtime.js";

const port = parentPort;
if (!port) throw new Error("face-worker must run in a worker thread");

// Models come from the npm packages through file:// only; any network attempt in this thread
// is a bug and fails loudly instead of quietly downloading something.
globalThis.fetch = async (input) => {
  throw new Error(`face worker refuses network access (${String(input)})`);
};

function send(message: FromWorkerMessage): void {
  port?.postMessage(message);
}

try {
  const runtime = await createInferenceRuntime();
  port.on("message", async (message: ToWorkerMessage) => {
    try {
      const result = await runtime.infer(message.request);
      send({ type: "result", id: message.id, result });
    } catch (error) {
      send({
        type: "error",
        id: message.id,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  });
  send({ type: "ready", models: runtime.models });
} catch (error) {
  send({
    type: "init_failed",
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}
