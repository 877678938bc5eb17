// The message contract between the main thread and the face inference workers. One set of
// loaded models serves every caller: the face engine (detection, embedding, age, quality) and
// the liveness engine (anti-spoof and liveness scores, mesh, head pose, iris, hands, gestures).
// See README.md in this folder.

/** Interleaved 8-bit RGB, row-major, 3 bytes per pixel (what decodeImageField returns as `rgb`). */
export interface FaceImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** What to compute beyond face detection (boxes, detection scores and head pose are always returned). */
export interface InferenceWants {
  /** Identity embedding (face-api recognition net, 128-d, L2-normalized) per face. */
  embedding?: boolean;
  /** Human's 1024-d faceres descriptor (second model, for comparison; also yields `humanAge`). */
  humanEmbedding?: boolean;
  /** Age estimate per face (face-api age/gender net on the aligned face). */
  age?: boolean;
  /** Size and sharpness (Laplacian variance) of each face crop. */
  quality?: boolean;
  /** Human anti-spoof model: probability the face is a real one (0..1). */
  antispoof?: boolean;
  /** Human liveness model: probability the face is live (0..1). */
  liveness?: boolean;
  /** The 468/478 face-mesh points, in image pixels ([x, y, z]). */
  mesh?: boolean;
  /** Iris model (adds the iris points to the mesh and enables eye gestures). */
  iris?: boolean;
  /** Hand detection with 21 keypoints and finger curl/direction per hand. */
  hands?: boolean;
  /** Human's gesture list: face (head turn, mouth open, blink), iris (looking), hand gestures. */
  gestures?: boolean;
}

export interface FaceInferenceRequest {
  image: FaceImage;
  want: InferenceWants;
  /** Maximum faces to detect (default 10). */
  maxFaces?: number;
}

/** Box in the request image's pixels. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Head pose in degrees (Human's mesh-based angles): yaw left/right, pitch up/down, roll tilt. */
export interface HeadPose {
  yaw: number;
  pitch: number;
  roll: number;
}

export interface InferredFace {
  box: PixelBox;
  /** Face detection confidence 0..1. */
  score: number;
  pose: HeadPose | null;
  embedding?: Float32Array;
  humanEmbedding?: Float32Array;
  age?: number;
  humanAge?: number;
  /** Laplacian variance of the grey face crop resized to 128×128 (higher is sharper). */
  blur?: number;
  antispoof?: number;
  liveness?: number;
  mesh?: [number, number, number][];
  /** Human's camera-distance estimate from the iris size, when iris was wanted. */
  distance?: number;
  /** Gaze direction (radians) and strength 0..1, when iris was wanted. */
  gaze?: { bearing: number; strength: number };
}

export interface InferredHand {
  box: PixelBox;
  score: number;
  label: string;
  keypoints: [number, number, number][];
  fingers: Record<string, { curl: string; direction: string }>;
}

/** One gesture from Human: which part it belongs to and its index, and the gesture name. */
export interface InferredGesture {
  part: "face" | "iris" | "hand" | "body";
  index: number;
  gesture: string;
}

export interface FaceInferenceResult {
  width: number;
  height: number;
  /** Largest face first. */
  faces: InferredFace[];
  hands: InferredHand[];
  gestures: InferredGesture[];
  /** Milliseconds per stage, for benchmarks. */
  timings: Record<string, number>;
}

export interface ModelsReport {
  /** Every model location the loaders opened: file:// URLs only. */
  loadedFrom: string[];
  embeddingModel: string;
  embeddingWidth: number;
  backend: string;
}

export interface ToWorkerMessage {
  type: "infer";
  id: number;
  request: FaceInferenceRequest;
}

export type FromWorkerMessage =
  | { type: "ready"; models: ModelsReport }
  | { type: "init_failed"; message: string }
  | { type: "result"; id: number; result: FaceInferenceResult }
  | { type: "error"; id: number; message: string };
