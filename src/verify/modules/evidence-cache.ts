// One decision's reads of stored evidence, each done once: LIVENESS, FACE_MATCH and AGE_ESTIMATION all look
// at the same selfie and document portrait (read from the media store, decoded, run through the face
// models, compared for portrait reuse). The cache lives as long as one decision run (or one applicant
// call), so it never outlives the files it read; it only removes repeats of identical work, so every
// module sees exactly what it saw before.
import type { AnalyzedFace, FaceAnalysis } from "../../engines/face/face-engine.js";
import type { FaceImage } from "../../engines/face/inference-protocol.js";
import { type DecodedImage, decodeImageField } from "../../engines/image/decode-image-field.js";
import { decodeFrame } from "../../engines/liveness/frame-analysis.js";
import {
  comparePortraitSubjects,
  type PortraitReuseSignals,
  portraitReuseSubject,
  REUSE_MAX_FACES,
  type ReuseSubject,
} from "../../engines/liveness/portrait-reuse.js";
import type { Services } from "../../services.js";

export interface EvidenceCache {
  /** The stored bytes; null when the file is gone (retention purge). */
  bytes(path: string): Promise<Buffer | null>;
  /** The stored image decoded for the engines (decodeImageField), null when gone. */
  image(path: string): Promise<DecodedImage | null>;
  /** Every face of the stored image (FaceEngine.analyze), null when the file is gone. */
  faces(path: string): Promise<FaceAnalysis | null>;
  /** The one subject (FaceEngine.requireOneFace: rejects 422 as the engine does), null when gone. */
  oneFace(path: string): Promise<AnalyzedFace | null>;
  /** Document-portrait reuse of a selfie against a portrait (measurePortraitReuse), null when either is gone. */
  portraitReuse(selfiePath: string, portraitPath: string): Promise<PortraitReuseSignals | null>;
}

export function createEvidenceCache(services: Pick<Services, "media" | "engines">): EvidenceCache {
  const memo = new Map<string, Promise<unknown>>();
  function once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let pending = memo.get(key) as Promise<T> | undefined;
    if (!pending) {
      // A refusal (no face) is remembered too: the same bytes give the same answer.
      pending = make();
      memo.set(key, pending);
    }
    return pending;
  }

  /**
   * One inference serving both analyze() and portrait reuse, when the two decodes of the file are the
   * same pixels (decodeFrame stops at 640 px, decodeImageField at 2048: an image within 640 px comes out
   * identical from both); null otherwise, and each asks its own question as before.
   */
  const shared = (path: string) =>
    once(`shared:${path}`, async () => {
      const [image, bytes] = await Promise.all([cache.image(path), cache.bytes(path)]);
      if (!image || !bytes) return null;
      const frame = await decodeFrame(bytes);
      if (!samePixels(frame, image.rgb)) return null;
      return (await services.engines.face()).analyzeWithMesh(image.rgb);
    });

  /** Portrait reuse's subject: from the shared inference when it saw few enough faces to be the same. */
  const reuseSubject = (path: string) =>
    once(`subject:${path}`, async (): Promise<ReuseSubject | null> => {
      const inferred = await shared(path);
      const image = await cache.image(path);
      // With at most REUSE_MAX_FACES found among up to ten, a search limited to REUSE_MAX_FACES finds
      // the same faces: the largest is the subject either way.
      if (inferred && image && inferred.detected.length <= REUSE_MAX_FACES) {
        const subject = inferred.detected[0];
        return subject?.embedding ? { image: image.rgb, face: subject } : null;
      }
      const bytes = await cache.bytes(path);
      return bytes ? portraitReuseSubject(await services.engines.face(), bytes) : null;
    });

  const cache: EvidenceCache = {
    bytes: (path) => once(`bytes:${path}`, () => services.media.get(path)),
    image: (path) =>
      once(`image:${path}`, async () => {
        const bytes = await cache.bytes(path);
        return bytes ? decodeImageField(bytes.toString("base64"), "image") : null;
      }),
    faces: (path) =>
      once(`faces:${path}`, async () => {
        const inferred = await shared(path);
        if (inferred) return inferred.analysis;
        const image = await cache.image(path);
        return image ? (await services.engines.face()).analyze(image.rgb) : null;
      }),
    oneFace: (path) =>
      once(`one:${path}`, async () => {
        // requireOneFace is analyze() then the choice of the one subject: the analysis is shared.
        const analysis = await cache.faces(path);
        return analysis ? (await services.engines.face()).oneFaceOf(analysis) : null;
      }),
    portraitReuse: (selfiePath, portraitPath) =>
      once(`reuse:${selfiePath}\n${portraitPath}`, async () => {
        const [selfie, portrait] = await Promise.all([reuseSubject(selfiePath), reuseSubject(portraitPath)]);
        if (!selfie || !portrait) return null;
        return comparePortraitSubjects(await services.engines.face(), selfie, portrait);
      }),
  };
  return cache;
}

function samePixels(a: FaceImage, b: FaceImage): boolean {
  return (
    a.width === b.width &&
    a.height === b.height &&
    Buffer.from(a.data.buffer, a.data.byteOffset, a.data.byteLength).equals(
      Buffer.from(b.data.buffer, b.data.byteOffset, b.data.byteLength),
    )
  );
}
