// One decision's reads of stored evidence, each done once: LIVENESS, FACE_MATCH and AGE_ESTIMATION all look
// at the same selfie and document portrait (read from the media store, decoded, run through the face
// models, compared for portrait reuse). The cache lives as long as one decision run (or one applicant
// call), so it never outlives the files it read; it only removes repeats of identical work, so every
// module sees exactly what it saw before.
import type { AnalyzedFace, FaceAnalysis } from "../../engines/face/face-engine.js";
import { type DecodedImage, decodeImageField } from "../../engines/image/decode-image-field.js";
import { measurePortraitReuse, type PortraitReuseSignals } from "../../engines/liveness/portrait-reuse.js";
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

  const cache: EvidenceCache = {
    bytes: (path) => once(`bytes:${path}`, () => services.media.get(path)),
    image: (path) =>
      once(`image:${path}`, async () => {
        const bytes = await cache.bytes(path);
        return bytes ? decodeImageField(bytes.toString("base64"), "image") : null;
      }),
    faces: (path) =>
      once(`faces:${path}`, async () => {
        const image = await cache.image(path);
        return image ? (await services.engines.face()).analyze(image.rgb) : null;
      }),
    oneFace: (path) =>
      once(`one:${path}`, async () => {
        const image = await cache.image(path);
        return image ? (await services.engines.face()).requireOneFace(image.rgb) : null;
      }),
    portraitReuse: (selfiePath, portraitPath) =>
      once(`reuse:${selfiePath}\n${portraitPath}`, async () => {
        const [selfie, portrait] = await Promise.all([cache.bytes(selfiePath), cache.bytes(portraitPath)]);
        if (!selfie || !portrait) return null;
        return measurePortraitReuse(await services.engines.face(), selfie, portrait);
      }),
  };
  return cache;
}
