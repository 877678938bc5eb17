// The signature engine behind signature-verify, signature-search and signature-enroll: crop to ink,
// normalise the shape, describe it as a fixed-length vector, and compare vectors.
import { AppError } from "../../platform/errors.js";
import { describeShape } from "./descriptor.js";
import { cropInk, type InkCrop } from "./ink-crop.js";
import { normalizeShape, thinMask } from "./normalize-shape.js";
import {
  decideVerdict,
  SIGNATURE_SEARCH_THRESHOLD,
  SIGNATURE_SEARCH_TOP_K,
  SIGNATURE_VERIFY_THRESHOLD,
  type SignatureVerdict,
} from "./signature-verdict.js";
import {
  createSearchScorer,
  isSignatureDescriptor,
  measureParts,
  type SignatureSignals,
  scoreParts,
  signalsFromParts,
} from "./similarity.js";
import { measureDynamics } from "./stroke-dynamics.js";

export { SIGNATURE_DESCRIPTOR_LENGTH, SIGNATURE_DESCRIPTOR_VERSION } from "./descriptor.js";
export type { SignatureVerdict } from "./signature-verdict.js";
export type { SignatureSignals } from "./similarity.js";

/** Finds human faces in an image (the face engine's detector); any element means "a face is here". */
export type DetectFaces = (image: Buffer) => Promise<unknown[]>;

export interface PreparedSignature {
  /** SIGNATURE_DESCRIPTOR_LENGTH floats, layout version SIGNATURE_DESCRIPTOR_VERSION (descriptor.ts). */
  descriptor: Float32Array;
  /** Size of cropPng in pixels. */
  width: number;
  height: number;
  /** Ink pixels over the ink's bounding box. */
  inkRatio: number;
  /** The image cropped to the signature ink with a small margin. */
  cropPng: Buffer;
}

export interface SignatureVerification {
  /** 0..1, 4 decimals. */
  score: number;
  verdict: SignatureVerdict;
  matched: boolean;
  threshold: number;
  signals: SignatureSignals;
}

/** An enrolled sample as the caller stores it; `descriptor` may come back from the database as number[]. */
export interface SignatureSample<Id = string> {
  id: Id;
  descriptor: ArrayLike<number>;
}

export interface SignatureSearchHit<Id = string> {
  id: Id;
  /** 0..1, 4 decimals. */
  score: number;
}

export interface SignatureSearchOptions {
  threshold?: number;
  topK?: number;
}

export interface SignatureEngine {
  /** Crops to ink and describes it. 422 no_signature_detected (no ink), not_a_signature (a face). */
  prepare(image: Buffer): Promise<PreparedSignature>;
  /** spec: signature-verify. Accepts raw image bytes or already prepared signatures. */
  verify(
    reference: Buffer | PreparedSignature,
    probe: Buffer | PreparedSignature,
    threshold?: number,
  ): Promise<SignatureVerification>;
  /** Score of two descriptors, with its signals (no images needed). */
  compare(a: ArrayLike<number>, b: ArrayLike<number>): { score: number; signals: SignatureSignals };
  /**
   * spec: signature-search — exact scan of enrolled samples: hits with score >= threshold, best first,
   * at most topK. Samples whose descriptor has another length or version are skipped.
   */
  searchExact<Id>(
    descriptor: ArrayLike<number>,
    samples: Iterable<SignatureSample<Id>>,
    options?: SignatureSearchOptions,
  ): SignatureSearchHit<Id>[];
}

export interface SignatureEngineOptions {
  /** When given, an image with a human face is refused as not_a_signature. */
  detectFaces?: DetectFaces;
}

function describeSignature(crop: InkCrop): Float32Array {
  const skeleton = thinMask(crop.mask);
  return describeShape(normalizeShape(skeleton), measureDynamics(crop.mask, skeleton, crop.grey));
}

const round4 = (value: number): number => Math.round(value * 10000) / 10000;

export function createSignatureEngine(options: SignatureEngineOptions = {}): SignatureEngine {
  const { detectFaces } = options;

  async function prepare(image: Buffer): Promise<PreparedSignature> {
    // Ink first: a blank image is no_signature_detected without paying for face detection.
    const crop = await cropInk(image);
    if (detectFaces && (await detectFaces(image)).length > 0) {
      throw new AppError("not_a_signature", { message: "The image shows a face, not a signature." });
    }
    const descriptor = describeSignature(crop);
    return {
      descriptor,
      width: crop.cropWidth,
      height: crop.cropHeight,
      inkRatio: crop.inkRatio,
      cropPng: await crop.cropPng,
    };
  }

  function compare(a: ArrayLike<number>, b: ArrayLike<number>): { score: number; signals: SignatureSignals } {
    const parts = measureParts(a, b);
    const signals = Object.fromEntries(
      Object.entries(signalsFromParts(parts, a, b)).map(([key, value]) => [key, round4(value)]),
    ) as unknown as SignatureSignals;
    return { score: round4(scoreParts(parts, a, b)), signals };
  }

  return {
    prepare,
    compare,
    async verify(reference, probe, threshold = SIGNATURE_VERIFY_THRESHOLD) {
      const [a, b] = await Promise.all([
        Buffer.isBuffer(reference) ? prepare(reference) : reference,
        Buffer.isBuffer(probe) ? prepare(probe) : probe,
      ]);
      const { score, signals } = compare(a.descriptor, b.descriptor);
      const verdict = decideVerdict(score, threshold);
      return { score, verdict, matched: verdict === "match", threshold, signals };
    },
    searchExact(descriptor, samples, options = {}) {
      const threshold = options.threshold ?? SIGNATURE_SEARCH_THRESHOLD;
      const topK = options.topK ?? SIGNATURE_SEARCH_TOP_K;
      const scoreSample = createSearchScorer(descriptor, threshold);
      const hits = [];
      for (const sample of samples) {
        if (!isSignatureDescriptor(sample.descriptor)) continue;
        const score = scoreSample(sample.descriptor);
        // Rounding first keeps the spec's 4-decimal score consistent with the threshold it passed.
        if (score !== null && round4(score) >= threshold) hits.push({ id: sample.id, score: round4(score) });
      }
      return hits.sort((x, y) => y.score - x.score).slice(0, topK);
    },
  };
}
