// The models themselves: Human (detection, mesh, pose, iris, anti-spoof, liveness, hands,
// gestures) and face-api's nets (embedding, age) on one tfjs WASM backend. Built once per worker
// thread by face-worker.ts; the latency benchmark also builds one in-thread as its baseline.
import { createRequire } from "node:module";
import type * as Tf from "@tensorflow/tfjs-core";
import type { FaceResult, Human, Result } from "@vladmandic/human";
import {
  embedFace,
  FACE_API_EMBEDDING_MODEL,
  FACE_API_EMBEDDING_WIDTH,
  type FaceApiModule,
  loadFaceApiNets,
  normalize,
} from "./face-api-embedder.js";
import { measureSharpness } from "./face-sharpness.js";
import { buildLoadConfig, buildRequestConfig, DEFAULT_MAX_FACES } from "./human-config.js";
import type {
  FaceInferenceRequest,
  FaceInferenceResult,
  InferredFace,
  InferredGesture,
  InferredHand,
  ModelsReport,
  PixelBox,
} from "./inference-protocol.js";
import { locateModels, registerFileModelLoader } from "./model-files.js";

const require = createRequire(import.meta.url);

export interface InferenceRuntime {
  readonly models: ModelsReport;
  infer(request: FaceInferenceRequest): Promise<FaceInferenceResult>;
}

let shared: Promise<InferenceRuntime> | undefined;

/** One runtime per thread: tfjs, its backend and the loaded models are thread-global. */
export function createInferenceRuntime(): Promise<InferenceRuntime> {
  shared ??= loadRuntime();
  return shared;
}

async function loadRuntime(): Promise<InferenceRuntime> {
  // Loaded with require so Human, face-api and this module share tfjs-core's one CommonJS
  // instance (an ESM import would create a second engine without the WASM backend).
  const tf = require("@tensorflow/tfjs-core") as typeof Tf;
  const where = locateModels();
  const loadedFrom: string[] = [];
  registerFileModelLoader(tf, loadedFrom);
  const { Human: HumanClass } = require(where.humanModule) as { Human: new (config: object) => Human };
  const faceApi = require(where.faceApiModule) as FaceApiModule;
  const human = new HumanClass(buildLoadConfig(where.humanModelsUrl, where.wasmDir));
  await human.load();
  await loadFaceApiNets(faceApi, where.faceApiModelsDir, loadedFrom);
  const models: ModelsReport = {
    loadedFrom,
    embeddingModel: FACE_API_EMBEDDING_MODEL,
    embeddingWidth: FACE_API_EMBEDDING_WIDTH,
    backend: tf.getBackend(),
  };
  const runtime: InferenceRuntime = { models, infer: (request) => infer(tf, human, faceApi, request) };
  await warmUp(tf, faceApi, runtime);
  return runtime;
}

async function infer(
  tf: typeof Tf,
  human: Human,
  faceApi: FaceApiModule,
  request: FaceInferenceRequest,
): Promise<FaceInferenceResult> {
  const { image, want } = request;
  const timings: Record<string, number> = {};
  const frame = tf.tensor3d(int32Pixels(image.data), [image.height, image.width, 3], "int32");
  const batch = tf.expandDims(frame, 0);
  try {
    let started = performance.now();
    const config = buildRequestConfig(want, request.maxFaces ?? DEFAULT_MAX_FACES);
    const result = (await human.detect(batch as never, config)) as Result;
    if (result.error) throw new Error(`face detection failed: ${result.error}`);
    timings.detect = performance.now() - started;
    const detected = [...result.face].sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
    const faces: InferredFace[] = [];
    for (const face of detected) {
      const inferred = describeFace(face, want);
      if (want.embedding || want.age) {
        started = performance.now();
        Object.assign(
          inferred,
          await embedFace(faceApi, tf, frame, inferred.box, {
            embedding: Boolean(want.embedding),
            age: Boolean(want.age),
          }),
        );
        timings.embed = (timings.embed ?? 0) + performance.now() - started;
      }
      if (want.quality) inferred.blur = measureSharpness(tf, frame, inferred.box);
      faces.push(inferred);
    }
    return {
      width: image.width,
      height: image.height,
      faces,
      hands: want.hands ? result.hand.map(describeHand) : [],
      gestures: want.gestures ? result.gesture.map(describeGesture) : [],
      timings,
    };
  } finally {
    tf.dispose([frame, batch]);
  }
}

/**
 * The pixels as the int32 values the tensor holds, in one buffer kept per thread: tfjs copies them into
 * the WASM heap, so the buffer is free again once the tensor exists. A fresh Int32Array per request (four
 * bytes a channel: 3.5 MB for a 640 × 454 frame) kept the worker's garbage collector busy. Only images up
 * to SCRATCH_VALUES are served from it (selfies, clip frames, a document page of about a megapixel), so a
 * 12-megapixel photo does not leave 144 MB held for good.
 */
const SCRATCH_VALUES = 4_000_000;
let int32Scratch = new Int32Array(0);
function int32Pixels(data: Uint8Array): Int32Array {
  if (data.length > SCRATCH_VALUES) return Int32Array.from(data);
  if (int32Scratch.length < data.length) int32Scratch = new Int32Array(data.length);
  const values = int32Scratch.subarray(0, data.length);
  values.set(data);
  return values;
}

function describeFace(face: FaceResult, want: FaceInferenceRequest["want"]): InferredFace {
  const angle = face.rotation?.angle;
  const inferred: InferredFace = {
    box: toBox(face.box),
    score: round(face.boxScore ?? face.score, 4),
    pose: angle ? { yaw: degrees(angle.yaw), pitch: degrees(angle.pitch), roll: degrees(angle.roll) } : null,
  };
  if (want.humanEmbedding && face.embedding?.length) {
    inferred.humanEmbedding = normalize(face.embedding);
    inferred.humanAge = face.age;
  }
  if (want.antispoof && face.real !== undefined) inferred.antispoof = face.real;
  if (want.liveness && face.live !== undefined) inferred.liveness = face.live;
  if (want.mesh) inferred.mesh = face.mesh.map((p) => [p[0], p[1], p[2] ?? 0]);
  if (want.iris && face.distance !== undefined) inferred.distance = face.distance;
  if (want.iris && face.rotation?.gaze) inferred.gaze = { ...face.rotation.gaze };
  return inferred;
}

function describeHand(hand: Result["hand"][number]): InferredHand {
  return {
    box: toBox(hand.box),
    score: hand.score,
    label: hand.label,
    keypoints: hand.keypoints.map((p) => [p[0], p[1], p[2] ?? 0]),
    fingers: hand.landmarks as InferredHand["fingers"],
  };
}

function describeGesture(entry: Result["gesture"][number]): InferredGesture {
  const record = entry as unknown as Record<string, number | string>;
  const part = (["face", "iris", "hand", "body"] as const).find((key) => key in record) ?? "face";
  return { part, index: Number(record[part]), gesture: String(record.gesture) };
}

/** First inference allocates kernels and buffers; pay that at start, not on a user's request. */
async function warmUp(tf: typeof Tf, faceApi: FaceApiModule, runtime: InferenceRuntime): Promise<void> {
  const side = 160;
  const grey = new Uint8Array(side * side * 3).fill(128);
  await runtime.infer({
    image: { data: grey, width: side, height: side },
    want: { antispoof: true, liveness: true, iris: true, gestures: true, hands: true, humanEmbedding: true },
  });
  const frame = tf.tensor3d(grey, [side, side, 3], "int32");
  await embedFace(
    faceApi,
    tf,
    frame,
    { x: 0, y: 0, width: side, height: side },
    { embedding: true, age: true },
  );
  tf.dispose(frame);
}

function toBox(box: [number, number, number, number]): PixelBox {
  return {
    x: Math.round(box[0]),
    y: Math.round(box[1]),
    width: Math.round(box[2]),
    height: Math.round(box[3]),
  };
}

function degrees(radians: number): number {
  return round((radians * 180) / Math.PI, 1);
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
