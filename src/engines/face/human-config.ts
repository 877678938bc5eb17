// Human configuration: what is loaded once per worker, and what each request switches on.
import type { Config } from "@vladmandic/human";
import type { InferenceWants } from "./inference-protocol.js";

export const DEFAULT_MAX_FACES = 10;

/**
 * Everything any caller may ask for is loaded at start, so a request never triggers a load.
 * research/face.md: detector `scale: 1.0` (a tighter crop) beat the default 1.4 (AUC 0.9985 vs
 * 0.9880); `rotation: true` was worse. Result caching and frame skipping are off: every request
 * is an unrelated still, never the next frame of a video.
 */
export function buildLoadConfig(humanModelsUrl: string, wasmDir: string): Partial<Config> {
  return {
    backend: "wasm",
    wasmPath: wasmDir,
    modelBasePath: humanModelsUrl,
    debug: process.env.FACE_DEBUG === "1",
    cacheModels: false,
    warmup: "none",
    cacheSensitivity: 0,
    skipAllowed: false,
    async: false,
    filter: { enabled: false } as Config["filter"],
    face: {
      enabled: true,
      detector: {
        scale: 1.0,
        rotation: false,
        maxDetected: DEFAULT_MAX_FACES,
        minConfidence: 0.5,
        return: false,
      },
      mesh: { enabled: true },
      iris: { enabled: true },
      description: { enabled: true },
      emotion: { enabled: false },
      antispoof: { enabled: true },
      liveness: { enabled: true },
    } as Config["face"],
    hand: { enabled: true, maxDetected: 2, landmarks: true } as Config["hand"],
    body: { enabled: false } as Config["body"],
    object: { enabled: false } as Config["object"],
    segmentation: { enabled: false } as Config["segmentation"],
    gesture: { enabled: true },
  };
}

/**
 * Per-request switches. Human merges a detect() config into its own, so every switch is set
 * explicitly each time rather than relying on the previous request's state.
 */
export function buildRequestConfig(want: InferenceWants, maxFaces: number): Partial<Config> {
  return {
    face: {
      enabled: true,
      detector: { maxDetected: maxFaces },
      mesh: { enabled: true }, // head pose comes from the mesh
      iris: { enabled: Boolean(want.iris || want.gestures) },
      description: { enabled: Boolean(want.humanEmbedding) },
      antispoof: { enabled: Boolean(want.antispoof) },
      liveness: { enabled: Boolean(want.liveness) },
    } as Config["face"],
    hand: { enabled: Boolean(want.hands) } as Config["hand"],
    gesture: { enabled: Boolean(want.gestures) },
  };
}
