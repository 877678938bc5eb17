// A small pool of face inference workers (worker_threads). Each worker loads the models once and
// handles one request at a time; requests queue FIFO. A worker that dies fails its in-flight
// request with engine_unavailable and is replaced.
import { Worker } from "node:worker_threads";
import { AppError } from "../../platform/errors.js";
import type {
  FaceInferenceRequest,
  FaceInferenceResult,
  FromWorkerMessage,
  ModelsReport,
  ToWorkerMessage,
} from "./inference-protocol.js";

export interface FaceWorkerPoolOptions {
  /** Worker threads; each holds its own copy of the models (~100 MB). Default 1. */
  size?: number;
  /** Per-request limit; a worker that exceeds it is replaced. Default 60 s. */
  timeoutMs?: number;
}

interface Job {
  id: number;
  request: FaceInferenceRequest;
  resolve(result: FaceInferenceResult): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  loaded: Promise<ModelsReport>;
  ready: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
}

// Compiled, the worker is face-worker.js beside this file. Under tsx (tests, benchmarks) it is
// .ts, and a worker does not reliably inherit the tsx loader (the test runner's children do not
// pass it on), so a tiny bootstrap registers tsx inside the worker before importing it.
const RUNNING_FROM_SOURCE = import.meta.url.endsWith(".ts");
const WORKER_URL = new URL(RUNNING_FROM_SOURCE ? "./face-worker.ts" : "./face-worker.js", import.meta.url);

function startWorker(): Worker {
  if (!RUNNING_FROM_SOURCE) return new Worker(WORKER_URL);
  const tsx = import.meta.resolve("tsx/esm/api");
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); });`;
  return new Worker(bootstrap, { eval: true });
}

export class FaceWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly timeoutMs: number;
  private nextId = 1;
  private closed = false;

  constructor(options: FaceWorkerPoolOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 60_000;
    const size = Math.max(1, options.size ?? 1);
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  /** Resolves once every worker has loaded its models; rejects with engine_unavailable if one cannot. */
  async ready(): Promise<ModelsReport> {
    const reports = await Promise.all(this.slots.map((slot) => slot.loaded));
    return reports[0] as ModelsReport;
  }

  run(request: FaceInferenceRequest): Promise<FaceInferenceResult> {
    if (this.closed)
      return Promise.reject(new AppError("engine_unavailable", { message: "face engine closed" }));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, request, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0))
      job.reject(new AppError("engine_unavailable", { message: "face engine closed" }));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = startWorker();
    let markLoaded: (report: ModelsReport) => void = () => undefined;
    let markFailed: (error: AppError) => void = () => undefined;
    const loaded = new Promise<ModelsReport>((resolve, reject) => {
      markLoaded = resolve;
      markFailed = reject;
    });
    loaded.catch(() => undefined); // surfaced through ready(); an unobserved rejection must not crash the process
    const slot: Slot = { worker, loaded, ready: false };
    worker.on("message", (message: FromWorkerMessage) => {
      if (message.type === "ready") {
        slot.ready = true;
        markLoaded(message.models);
        worker.unref();
        this.dispatch();
      } else if (message.type === "init_failed") {
        // Models that cannot load will not load on a retry either: fail everything waiting.
        const error = new AppError("engine_unavailable", {
          message: `face models failed to load: ${message.message}`,
        });
        markFailed(error);
        this.failAll(error);
      } else {
        this.settle(slot, message);
      }
    });
    worker.on("error", (error) => {
      markFailed(new AppError("engine_unavailable", { message: "face worker crashed", cause: error }));
      if (slot.ready) this.replace(slot, error);
    });
    worker.on("exit", (code) => {
      if (!this.closed && slot.ready) this.replace(slot, new Error(`face worker exited with code ${code}`));
    });
    return slot;
  }

  private failAll(error: AppError): void {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(error);
    for (const slot of this.slots) void slot.worker.terminate();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job || this.queue.length === 0) continue;
      if (!slot.ready) continue;
      const job = this.queue.shift() as Job;
      slot.job = job;
      slot.worker.ref(); // keep the process alive while a request is in flight, not while idle
      slot.timer = setTimeout(() => {
        void slot.worker.terminate();
        this.replace(slot, new Error(`face inference exceeded ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      const message: ToWorkerMessage = { type: "infer", id: job.id, request: job.request };
      slot.worker.postMessage(message);
    }
  }

  private settle(slot: Slot, message: Extract<FromWorkerMessage, { id: number }>): void {
    const job = slot.job;
    if (!job || job.id !== message.id) return;
    this.release(slot);
    if (message.type === "result") job.resolve(message.result);
    else
      job.reject(
        new AppError("engine_unavailable", { message: `face inference failed: ${message.message}` }),
      );
    this.dispatch();
  }

  private release(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.worker.unref();
  }

  private replace(slot: Slot, cause: unknown): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    const job = slot.job;
    this.release(slot);
    void slot.worker.terminate();
    job?.reject(new AppError("engine_unavailable", { message: "face worker failed", cause }));
    if (this.closed) return;
    this.slots[index] = this.spawn();
  }
}
