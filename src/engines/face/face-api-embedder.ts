// Identity embedding and age from @vladmandic/face-api's nets, run on faces Human detected.
// face-api's own pipeline (SSD detector + 68 landmarks + 128-d recognition net) scored ROC AUC
// 1.0 on the pivot pairs (research/face.md) but its SSD detector costs ~340 ms; Human's blazeface
// finds the face in ~40 ms, and the recognition net only needs face-api's landmark alignment.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Tensor3D } from "@tensorflow/tfjs-core";
import type { PixelBox } from "./inference-protocol.js";

export const FACE_API_EMBEDDING_MODEL = "face-api-resnet34-128";
export const FACE_API_EMBEDDING_WIDTH = 128;

interface FaceApiBox {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface FaceApiLandmarks {
  align(detection?: null, options?: { useDlibAlignment?: boolean; minBoxPadding?: number }): FaceApiBox;
}
interface FaceApiNet {
  loadFromDisk(dir: string): Promise<void>;
}
/** The slice of face-api's node-wasm build this module calls. */
export interface FaceApiModule {
  nets: {
    faceLandmark68Net: FaceApiNet & { detectLandmarks(input: Tensor3D): Promise<FaceApiLandmarks> };
    faceRecognitionNet: FaceApiNet & { computeFaceDescriptor(input: Tensor3D): Promise<Float32Array> };
    ageGenderNet: FaceApiNet & { predictAgeAndGender(input: Tensor3D): Promise<{ age: number }> };
  };
  extractFaceTensors(input: Tensor3D, boxes: FaceApiBox[]): Promise<Tensor3D[]>;
}

/** Model manifests face-api reads from its package (by file path: its node loader uses fs). */
const MANIFESTS = {
  faceLandmark68Net: "face_landmark_68_model-weights_manifest.json",
  faceRecognitionNet: "face_recognition_model-weights_manifest.json",
  ageGenderNet: "age_gender_model-weights_manifest.json",
} as const;

export async function loadFaceApiNets(
  faceApi: FaceApiModule,
  dir: string,
  loadedFrom: string[],
): Promise<void> {
  for (const [net, manifest] of Object.entries(MANIFESTS) as [keyof typeof MANIFESTS, string][]) {
    loadedFrom.push(pathToFileURL(join(dir, manifest)).href);
    await faceApi.nets[net].loadFromDisk(dir);
  }
}

interface TfSlice {
  slice(x: Tensor3D, begin: number[], size: number[]): Tensor3D;
  dispose(x: unknown): void;
}

export interface EmbedderOutput {
  embedding?: Float32Array;
  age?: number;
}

/**
 * Crops a square around Human's face box, finds face-api's 68 landmarks in it, aligns the crop
 * the way face-api's pipeline does (dlib-style box for recognition, padded landmark box for age)
 * and runs the wanted nets.
 */
export async function embedFace(
  faceApi: FaceApiModule,
  tf: TfSlice,
  image: Tensor3D,
  box: PixelBox,
  want: { embedding: boolean; age: boolean },
): Promise<EmbedderOutput> {
  const [height, width] = image.shape;
  const side = Math.max(box.width, box.height);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const x0 = clamp(Math.round(cx - side / 2), 0, width - 1);
  const y0 = clamp(Math.round(cy - side / 2), 0, height - 1);
  const x1 = clamp(Math.round(cx + side / 2), x0 + 1, width);
  const y1 = clamp(Math.round(cy + side / 2), y0 + 1, height);
  const crop = tf.slice(image, [y0, x0, 0], [y1 - y0, x1 - x0, 3]);
  const out: EmbedderOutput = {};
  try {
    const landmarks = await faceApi.nets.faceLandmark68Net.detectLandmarks(crop);
    if (want.embedding) {
      const [aligned] = await faceApi.extractFaceTensors(crop, [
        landmarks.align(null, { useDlibAlignment: true }),
      ]);
      if (aligned) {
        out.embedding = normalize(await faceApi.nets.faceRecognitionNet.computeFaceDescriptor(aligned));
        tf.dispose(aligned);
      }
    }
    if (want.age) {
      const [aligned] = await faceApi.extractFaceTensors(crop, [landmarks.align()]);
      if (aligned) {
        out.age = Math.round((await faceApi.nets.ageGenderNet.predictAgeAndGender(aligned)).age * 10) / 10;
        tf.dispose(aligned);
      }
    }
  } finally {
    tf.dispose(crop);
  }
  return out;
}

/** L2-normalize so cosine, inner product and pgvector's cosine distance all agree. */
export function normalize(vector: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += (vector[i] as number) ** 2;
  const norm = Math.sqrt(sum) || 1;
  const out = new Float32Array(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = (vector[i] as number) / norm;
  return out;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
