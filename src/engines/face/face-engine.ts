// The face engine: what verify modules, tools and the gallery call. Constructed once per process
// from config (createFaceEngine) and passed in through Services.
import { AppError } from "../../platform/errors.js";
import { InferenceMemo } from "./inference-memo.js";
import type {
  FaceImage,
  FaceInferenceRequest,
  FaceInferenceResult,
  HeadPose,
  InferredFace,
  ModelsReport,
  PixelBox,
} from "./inference-protocol.js";
import { compareEmbeddings } from "./similarity.js";
import { FaceWorkerPool, type FaceWorkerPoolOptions } from "./worker-pool.js";

export interface FaceQuality {
  /** Shorter side of the face box, in pixels of the analyzed image. */
  size: number;
  /** Laplacian variance of the grey 128×128 face crop; below ~50 the face is visibly soft. */
  blur: number;
  pose: HeadPose | null;
}

export interface AnalyzedFace {
  /** In pixels of the analyzed image (DecodedImage.rgb; divide by DecodedImage.scale for the original). */
  box: PixelBox;
  /** Detection confidence 0..1. */
  score: number;
  quality: FaceQuality;
  /** L2-normalized identity embedding; compare only embeddings of the same `embeddingModel`. */
  embedding: Float32Array;
  embeddingModel: string;
  embeddingWidth: number;
  /** Estimated age in years, or null when it could not be estimated. */
  age: number | null;
}

export interface FaceAnalysis {
  width: number;
  height: number;
  /** Largest face first. */
  faces: AnalyzedFace[];
}

export interface FaceEngine {
  /** Embedding model id and width recorded with every stored embedding. */
  readonly embeddingModel: string;
  readonly embeddingWidth: number;
  /** What the workers loaded (file:// locations only), the embedding model and the tfjs backend. */
  readonly models: ModelsReport;
  /** Every face: box, score, quality, embedding, age. */
  analyze(image: FaceImage): Promise<FaceAnalysis>;
  /**
   * analyze() and, from the same single inference, every detected face as the worker reported it with
   * its mesh (largest first): for a caller that also aligns the faces (portrait reuse).
   */
  analyzeWithMesh(image: FaceImage): Promise<{ analysis: FaceAnalysis; detected: InferredFace[] }>;
  /** The one subject of a selfie or portrait; 422 no_face_detected / multiple_faces otherwise. */
  requireOneFace(image: FaceImage): Promise<AnalyzedFace>;
  /** requireOneFace's choice among faces already analyzed (the same 422s). */
  oneFaceOf(analysis: FaceAnalysis): AnalyzedFace;
  /** Similarity 0..1 (4 decimals) of two embeddings of the same model; see similarity.ts. */
  compare(a: Float32Array, b: Float32Array): number;
  /**
   * The raw worker protocol, for the liveness engine (anti-spoof, liveness, mesh, hands, gestures).
   * `keep`: the same pixels will be asked about again (a selfie judged now and matched at finish), so
   * the answer is kept a while and any later request it covers is answered from it (inference-memo.ts).
   */
  infer(request: FaceInferenceRequest, options?: { keep?: boolean }): Promise<FaceInferenceResult>;
  close(): Promise<void>;
}

export interface FaceEngineOptions extends FaceWorkerPoolOptions {
  /**
   * A second face counts for multiple_faces only when its box is at least this fraction of the
   * largest face's width: a stranger far in the background of a selfie is not a second subject.
   */
  secondFaceMinRatio?: number;
}

/** Starts the worker pool and waits for the models to load (a few seconds per worker). */
export async function createFaceEngine(options: FaceEngineOptions = {}): Promise<FaceEngine> {
  const pool = new FaceWorkerPool(options);
  let models: ModelsReport;
  try {
    models = await pool.ready();
  } catch (error) {
    await pool.close();
    throw error;
  }
  return new WorkerFaceEngine(pool, models, options.secondFaceMinRatio ?? 0.35);
}

class WorkerFaceEngine implements FaceEngine {
  readonly embeddingModel: string;
  readonly embeddingWidth: number;
  private readonly memo = new InferenceMemo();

  constructor(
    private readonly pool: FaceWorkerPool,
    readonly models: ModelsReport,
    private readonly secondFaceMinRatio: number,
  ) {
    this.embeddingModel = models.embeddingModel;
    this.embeddingWidth = models.embeddingWidth;
  }

  async analyze(image: FaceImage): Promise<FaceAnalysis> {
    const result = await this.run({ image, want: { embedding: true, age: true, quality: true } });
    return this.toAnalysis(result);
  }

  async analyzeWithMesh(image: FaceImage): Promise<{ analysis: FaceAnalysis; detected: InferredFace[] }> {
    // The mesh is computed on every request anyway (head pose comes from it); asking for it only
    // returns it, so the analysis is the one analyze() gives.
    const result = await this.run({
      image,
      want: { embedding: true, age: true, quality: true, mesh: true },
    });
    return { analysis: this.toAnalysis(result), detected: result.faces };
  }

  async requireOneFace(image: FaceImage): Promise<AnalyzedFace> {
    return this.oneFaceOf(await this.analyze(image));
  }

  oneFaceOf({ faces }: FaceAnalysis): AnalyzedFace {
    const [largest] = faces;
    if (!largest) throw new AppError("no_face_detected", { message: "No face was found in the image." });
    const subjects = faces.filter((face) => face.box.width >= largest.box.width * this.secondFaceMinRatio);
    if (subjects.length > 1) {
      throw new AppError("multiple_faces", {
        message: `${subjects.length} faces were found; send an image of one person.`,
      });
    }
    return largest;
  }

  compare(a: Float32Array, b: Float32Array): number {
    return compareEmbeddings(a, b);
  }

  infer(request: FaceInferenceRequest, options: { keep?: boolean } = {}): Promise<FaceInferenceResult> {
    return this.run(request, options.keep);
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async run(request: FaceInferenceRequest, keep = false): Promise<FaceInferenceResult> {
    const kept = this.memo.recall(request);
    if (kept) return kept;
    const result = await this.pool.run(request);
    if (keep) this.memo.keep(request, result);
    return result;
  }

  private toAnalysis(result: FaceInferenceResult): FaceAnalysis {
    const faces = result.faces.filter((face) => face.embedding).map((face) => this.toAnalyzedFace(face));
    return { width: result.width, height: result.height, faces };
  }

  private toAnalyzedFace(face: InferredFace): AnalyzedFace {
    return {
      box: face.box,
      score: face.score,
      quality: { size: Math.min(face.box.width, face.box.height), blur: face.blur ?? 0, pose: face.pose },
      embedding: face.embedding as Float32Array,
      embeddingModel: this.embeddingModel,
      embeddingWidth: this.embeddingWidth,
      age: face.age ?? null,
    };
  }
}
