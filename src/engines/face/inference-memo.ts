// Recent inferences kept by their pixels, so a question asked again of the same image is answered without
// the models (issue 18: the liveness step judges the selfie, and FACE_MATCH, AGE_ESTIMATION and the
// portrait-reuse check analyse the very same pixels at finish, one request later). Only inferences the
// caller asks to keep are stored; a request is answered from one when its pixels are byte for byte the
// same and it asks nothing the kept inference did not compute. Another node, or a kept inference gone
// (capacity, age), simply runs the models again: the answer is the same either way.
import { createHash } from "node:crypto";
import { DEFAULT_MAX_FACES } from "./human-config.js";
import type {
  FaceImage,
  FaceInferenceRequest,
  FaceInferenceResult,
  InferenceWants,
  InferredFace,
} from "./inference-protocol.js";

/** Wants that add to the answer; a kept inference answers a request only when it computed each of them. */
const ADDED_WANTS = [
  "embedding",
  "humanEmbedding",
  "age",
  "quality",
  "antispoof",
  "liveness",
  "mesh",
  "hands",
  "gestures",
] as const satisfies readonly (keyof InferenceWants)[];

/** Bytes sampled evenly for a cheap first comparison before the whole image is hashed. */
const FINGERPRINT_SAMPLES = 64;

interface KeptInference {
  width: number;
  height: number;
  fingerprint: string;
  digest: string;
  want: InferenceWants;
  maxFaces: number;
  result: FaceInferenceResult;
  keptAt: number;
}

export interface InferenceMemoOptions {
  /** Inferences kept at most (oldest dropped first). Default 32. */
  capacity?: number;
  /** How long one is kept, ms. Default 10 minutes: an applicant's steps and finish. */
  maxAgeMs?: number;
  now?: () => number;
}

export class InferenceMemo {
  private readonly kept: KeptInference[] = [];
  private readonly capacity: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(options: InferenceMemoOptions = {}) {
    this.capacity = options.capacity ?? 32;
    this.maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
    this.now = options.now ?? Date.now;
  }

  keep(request: FaceInferenceRequest, result: FaceInferenceResult): void {
    this.dropExpired();
    this.kept.push({
      width: request.image.width,
      height: request.image.height,
      fingerprint: fingerprint(request.image),
      digest: digest(request.image),
      want: { ...request.want },
      maxFaces: request.maxFaces ?? DEFAULT_MAX_FACES,
      result: structuredClone(result),
      keptAt: this.now(),
    });
    if (this.kept.length > this.capacity) this.kept.shift();
  }

  /** The answer to `request` from a kept inference of the same pixels, or null. */
  recall(request: FaceInferenceRequest): FaceInferenceResult | null {
    this.dropExpired();
    const { image } = request;
    const sameSize = this.kept.filter((k) => k.width === image.width && k.height === image.height);
    if (sameSize.length === 0) return null;
    const print = fingerprint(image);
    const candidates = sameSize.filter((k) => k.fingerprint === print && answers(k, request));
    if (candidates.length === 0) return null;
    const hash = digest(image);
    const found = candidates.find((k) => k.digest === hash);
    return found ? project(found.result, request.want) : null;
  }

  private dropExpired(): void {
    const oldest = this.now() - this.maxAgeMs;
    while (this.kept.length > 0 && (this.kept[0] as KeptInference).keptAt < oldest) this.kept.shift();
  }
}

function answers(kept: KeptInference, request: FaceInferenceRequest): boolean {
  const want = request.want;
  if (ADDED_WANTS.some((key) => want[key] && !kept.want[key])) return false;
  // The iris model adds points to the mesh (gestures switch it on too): it must have been the same.
  if (irisOn(want) !== irisOn(kept.want)) return false;
  // The same faces: the same limit, or a kept search that found fewer faces than its limit (so every
  // candidate) and a limit that holds them all.
  const asked = request.maxFaces ?? DEFAULT_MAX_FACES;
  const found = kept.result.faces.length;
  return asked === kept.maxFaces || (found < kept.maxFaces && found <= asked);
}

const irisOn = (want: InferenceWants) => Boolean(want.iris || want.gestures);

/** The kept result as the worker answers `want` (inference-runtime.ts sets a field only when wanted). */
function project(result: FaceInferenceResult, want: InferenceWants): FaceInferenceResult {
  const copy = structuredClone(result);
  return {
    width: copy.width,
    height: copy.height,
    faces: copy.faces.map((face) => projectFace(face, want)),
    hands: want.hands ? copy.hands : [],
    gestures: want.gestures ? copy.gestures : [],
    timings: {},
  };
}

function projectFace(face: InferredFace, want: InferenceWants): InferredFace {
  const out: InferredFace = { ...face };
  if (!want.embedding) delete out.embedding;
  if (!want.age) delete out.age;
  if (!want.humanEmbedding) {
    delete out.humanEmbedding;
    delete out.humanAge;
  }
  if (!want.quality) delete out.blur;
  if (!want.antispoof) delete out.antispoof;
  if (!want.liveness) delete out.liveness;
  if (!want.mesh) delete out.mesh;
  if (!want.iris) {
    delete out.distance;
    delete out.gaze;
  }
  return out;
}

function fingerprint(image: FaceImage): string {
  const { data } = image;
  const step = Math.max(1, Math.floor(data.length / FINGERPRINT_SAMPLES));
  const sample = new Uint8Array(FINGERPRINT_SAMPLES);
  for (let i = 0; i < FINGERPRINT_SAMPLES && i * step < data.length; i++)
    sample[i] = data[i * step] as number;
  return Buffer.from(sample).toString("base64");
}

function digest(image: FaceImage): string {
  return createHash("sha256")
    .update(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength))
    .digest("base64");
}
