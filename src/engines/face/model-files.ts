// Where the face models live and how they are read: straight from the installed npm packages,
// through file:// only. Nothing is fetched at run time (design: no model hubs, no CDN).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type * as Tf from "@tensorflow/tfjs-core";

const require = createRequire(import.meta.url);

type TfIo = Pick<typeof Tf, "io">;

interface WeightsManifestGroup {
  paths: string[];
  weights: unknown[];
}

export interface ModelLocations {
  humanModule: string;
  faceApiModule: string;
  /** file:// URL of Human's models folder, with a trailing slash. */
  humanModelsUrl: string;
  faceApiModelsDir: string;
  /** Folder holding tfjs-backend-wasm's .wasm binaries, with a trailing slash. */
  wasmDir: string;
}

export function locateModels(): ModelLocations {
  const humanDist = dirname(require.resolve("@vladmandic/human"));
  const faceApiDist = dirname(require.resolve("@vladmandic/face-api"));
  return {
    humanModule: join(humanDist, "human.node-wasm.js"),
    faceApiModule: join(faceApiDist, "face-api.node-wasm.js"),
    humanModelsUrl: `${pathToFileURL(join(humanDist, "..", "models")).href}/`,
    faceApiModelsDir: join(faceApiDist, "..", "model"),
    wasmDir: `${dirname(require.resolve("@tensorflow/tfjs-backend-wasm"))}/`,
  };
}

/**
 * Teaches tfjs to load graph models from file:// URLs (tfjs-core only knows http and browser
 * storage; Human's loader would otherwise hand file:// to fetch, which Node refuses). Every URL it
 * opens is appended to `loadedFrom`.
 */
export function registerFileModelLoader(tf: TfIo, loadedFrom: string[]): void {
  tf.io.registerLoadRouter((url: string | string[]) => {
    const first = Array.isArray(url) ? url[0] : url;
    if (typeof first !== "string" || !first.startsWith("file://")) return null as unknown as Tf.io.IOHandler;
    return { load: () => loadGraphModelFile(first, loadedFrom) as Promise<Tf.io.ModelArtifacts> };
  });
}

async function loadGraphModelFile(url: string, loadedFrom: string[]) {
  loadedFrom.push(url);
  const modelUrl = new URL(url);
  const json = JSON.parse(await readFile(modelUrl, "utf8")) as {
    modelTopology: unknown;
    format?: string;
    generatedBy?: string;
    convertedBy?: string;
    signature?: object;
    userDefinedMetadata?: Record<string, object>;
    weightsManifest: WeightsManifestGroup[];
  };
  const weightSpecs: unknown[] = [];
  const chunks: Buffer[] = [];
  for (const group of json.weightsManifest) {
    weightSpecs.push(...group.weights);
    for (const path of group.paths) chunks.push(await readFile(new URL(path, modelUrl)));
  }
  const all = Buffer.concat(chunks);
  return {
    modelTopology: json.modelTopology,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    signature: json.signature,
    userDefinedMetadata: json.userDefinedMetadata,
    weightSpecs,
    weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
  };
}
