// PASSIVE (a still, optional clip) and PASSIVE_VIDEO (a clip, scored frame by frame).
// spec: liveness tools — video_verified is true only when a clip was decoded and judged; "false when
// the video engine did not answer or the clip could not be decoded and the still was scored instead".
import { AppError } from "../../platform/errors.js";
import type { FaceEngine } from "../face/face-engine.js";
import { FLICKER_LIMIT, measureClipMotion, measureFlicker } from "./clip-motion.js";
import { looksLikeDocument, measureDocumentCues } from "./document-cues.js";
import {
  analyzeFrame,
  analyzeImage,
  encodeFramePng,
  type FrameAnalysis,
  fitFrame,
  type ImageAnalysis,
} from "./frame-analysis.js";
import type { CapturedFrame, LivenessConfig, LivenessOutcome } from "./liveness-types.js";
import { looksLikeHeldPicture, measurePictureFrame } from "./picture-frame.js";
import { recaptureTextureScore } from "./recapture-texture.js";
import { measureRigidFrameFit, movedAsOneLayer } from "./rigid-frame-fit.js";
import { decideVerdict, median, noFaceOutcome, still } from "./verdict-rules.js";
import { ClipDecodeError, type DecodedFrame, decodeClipFrames, findFfmpeg } from "./video-frames.js";
import {
  corroboratedRecapture,
  recapturedTexture,
  strongNativeTrace,
  weakRecaptureCues,
} from "./weak-cues.js";

/** Below this similarity the clip shows someone else (the face engine's verify threshold). */
const SAME_PERSON_SIMILARITY = 0.5;
/** Mean absolute grey-level change between frames below which a "video" is one still repeated. */
const STATIC_CLIP_DELTA = 0.6;

export async function evaluatePassive(
  face: FaceEngine,
  input: { still: Buffer; clip?: Buffer; burst?: CapturedFrame[]; matchedLater?: boolean },
  config: LivenessConfig,
): Promise<LivenessOutcome> {
  const moving = Boolean(input.clip || input.burst?.length);
  // ffmpeg decodes the clip in its own process while the still is judged (awaited below).
  const decoding = !input.burst?.length && input.clip ? tryDecodeClip(input.clip, config.clipFrames) : null;
  decoding?.catch(() => {}); // a face-less still returns before awaiting it
  const photo = await analyzeFrame(
    face,
    { bytes: input.still, t_ms: 0 },
    { embedding: moving, matchedLater: input.matchedLater, still: true },
  );
  if (!photo.face) return noFaceOutcome("PASSIVE");
  // A document (passport page, ID card, a page on a screen) in front of the camera: its portrait is
  // a face, but the frame around it is printed text.
  const document = measureDocumentCues(photo.image, photo.face.box);
  // A print or a phone held up: the picture's straight edges close around the face.
  const picture = measurePictureFrame(photo.image, photo.face.box);
  // Weak cues that decline only together (weak-cues.ts): a faint halftone with a picture's edges.
  // The face's colour texture, learned (recapture-texture.ts): a print or screen framed so that no edge
  // shows and its halftone or pixel grid is averaged away.
  const texture = recaptureTextureScore(photo.image, photo.face.box);
  const weak = photo.forensics ? weakRecaptureCues(photo.forensics, picture.sides, texture) : [];
  const stillAttack =
    photo.spoofEvidence >= 0.5 ||
    photo.monochrome ||
    looksLikeDocument(document) ||
    looksLikeHeldPicture(picture, photo.forensics?.nativePeriodicity ?? 0) ||
    corroboratedRecapture(weak) ||
    strongNativeTrace(photo.forensics) ||
    recapturedTexture(texture);
  const refer = config.checkSunglasses && photo.sunglasses ? "liveness_below_threshold" : null;
  const evidence = {
    selfie: still("selfie", photo),
    eventStills: [] as ReturnType<typeof still>[],
    signals: {
      ...signalsOf("still", photo),
      still_text_glyphs: document.textGlyphs,
      still_face_height_ratio: document.faceHeightRatio,
      still_picture_frame_sides: picture.sides,
      still_recapture_texture: texture === null ? null : Math.round(texture * 1000) / 1000,
      still_weak_cues: weak.join(",") || null,
    },
  };
  const clipFrames = input.burst?.length
    ? burstFrames(input.burst, config.clipFrames)
    : decoding
      ? await decoding
      : null;
  if (!clipFrames) {
    const verdict = decideVerdict(
      {
        method: "PASSIVE",
        score: photo.score,
        attack: stillAttack ? "spoof_detected" : null,
        refer,
        lowScoreReason: "liveness_below_threshold",
        videoVerified: false,
      },
      config,
    );
    return { verdict, evidence, failure: null };
  }
  const stillEmbedding = photo.face.embedding;
  const sameAsStill = (frame: ImageAnalysis) =>
    stillEmbedding !== undefined &&
    frame.face?.embedding !== undefined &&
    face.compare(stillEmbedding, frame.face.embedding) >= SAME_PERSON_SIMILARITY;
  // The clip shows the still's person when ANY frame matches it, so frames after the first match need
  // no embedding (the recognition net is half of a frame's inference); a clip of someone else is still
  // embedded frame by frame, every frame compared.
  const frames = await analyzeClip(face, clipFrames, (analyzed) => !analyzed.some(sameAsStill));
  const clip = judgeClip(frames);
  const mismatch = stillEmbedding !== undefined && !frames.some(sameAsStill);
  evidence.eventStills = await Promise.all(
    frames
      .filter((frame) => frame.face)
      .slice(0, 3)
      .map(async (frame, i) => still(`clip_frame_${i + 1}`, await withBytes(frame))),
  );
  Object.assign(evidence.signals, {
    clip_score: clip.score,
    clip_static: clip.static,
    clip_planar: clip.planar,
    clip_motion: clip.amplitude,
    clip_follow_ratio: clip.followRatio,
    clip_background_follow_ratio: clip.backgroundFollowRatio,
    clip_face_log_scale: clip.faceLogScale,
    clip_rigid_log_scale: clip.rigid.netLogScale,
    clip_second_layer_share: clip.rigid.secondLayerShare,
    clip_stay_share: clip.rigid.stayShare,
    clip_flicker: clip.flicker,
    still_clip_mismatch: mismatch,
  });
  const verdict = decideVerdict(
    {
      method: "PASSIVE",
      score: (photo.score + clip.score) / 2,
      attack: stillAttack
        ? "spoof_detected"
        : mismatch
          ? "still_clip_mismatch"
          : clip.planar
            ? "planar_motion_detected"
            : clip.flickering
              ? "screen_replay_suspected"
              : clip.failed
                ? "video_liveness_failed"
                : null,
      refer,
      lowScoreReason: "liveness_below_threshold",
      videoVerified: true,
    },
    config,
  );
  return { verdict, evidence, failure: null };
}

export async function evaluatePassiveVideo(
  face: FaceEngine,
  input: { clip: Buffer },
  config: LivenessConfig,
): Promise<LivenessOutcome> {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) {
    throw new AppError("engine_unavailable", {
      message: "Video decoding (ffmpeg) is not installed on this server.",
    });
  }
  let decoded: DecodedFrame[];
  try {
    decoded = await decodeClipFrames(ffmpeg, input.clip, { count: config.clipFrames });
  } catch (error) {
    if (error instanceof ClipDecodeError) {
      throw new AppError("invalid_video", {
        field: "video",
        message: "The clip could not be decoded.",
        cause: error,
      });
    }
    throw error;
  }
  const frames = await analyzeClip(face, decoded, () => false);
  const withFace = frames.filter((frame) => frame.face);
  if (withFace.length === 0) return noFaceOutcome("PASSIVE_VIDEO");
  const clip = judgeClip(frames);
  const best = [...withFace].sort((a, b) => b.score - a.score)[0] as ClipFrameAnalysis;
  const verdict = decideVerdict(
    {
      method: "PASSIVE_VIDEO",
      score: clip.score,
      attack: clip.planar
        ? "planar_motion_detected"
        : clip.flickering
          ? "screen_replay_suspected"
          : clip.failed ||
              best.monochrome ||
              (best.face && looksLikeDocument(measureDocumentCues(best.image, best.face.box)))
            ? "video_liveness_failed"
            : null,
      lowScoreReason: "video_liveness_failed",
      videoVerified: true,
    },
    config,
  );
  return {
    verdict,
    evidence: {
      selfie: still("selfie", await withBytes(best)),
      eventStills: await Promise.all(
        withFace.slice(0, 3).map(async (frame, i) => still(`clip_frame_${i + 1}`, await withBytes(frame))),
      ),
      signals: {
        clip_score: clip.score,
        clip_static: clip.static,
        frames: frames.length,
        faces: withFace.length,
      },
    },
    failure: null,
  };
}

/** A frame burst in capture order, thinned evenly to at most `count` frames. */
function burstFrames(burst: CapturedFrame[], count: number): CapturedFrame[] {
  const step = Math.max(1, burst.length / count);
  const out: CapturedFrame[] = [];
  for (let i = 0; i < burst.length && out.length < count; i += step) {
    const frame = burst[Math.floor(i)] as CapturedFrame;
    out.push({ bytes: frame.bytes, t_ms: frame.t_ms });
  }
  return out;
}

/** A clip frame analysed: burst frames keep the bytes the page sent, decoded clip frames have none yet. */
type ClipFrameAnalysis = ImageAnalysis & Partial<Pick<FrameAnalysis, "bytes" | "contentType">>;

/** The frame's evidence bytes: as sent, or its pixels as PNG (only the frames kept as evidence are encoded). */
async function withBytes(frame: ClipFrameAnalysis): Promise<Pick<FrameAnalysis, "bytes" | "contentType">> {
  if (frame.bytes && frame.contentType) return { bytes: frame.bytes, contentType: frame.contentType };
  return { bytes: await encodeFramePng(frame.image), contentType: "image/png" };
}

async function tryDecodeClip(clip: Buffer, count: number): Promise<DecodedFrame[] | null> {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) return null;
  try {
    return await decodeClipFrames(ffmpeg, clip, { count });
  } catch (error) {
    if (error instanceof ClipDecodeError) return null;
    throw error;
  }
}

/** Frames in order; `embedding` says, from the frames analyzed so far, whether the next needs one. */
async function analyzeClip(
  face: FaceEngine,
  frames: (CapturedFrame | DecodedFrame)[],
  embedding: (analyzed: ClipFrameAnalysis[]) => boolean,
): Promise<ClipFrameAnalysis[]> {
  const out: ClipFrameAnalysis[] = [];
  for (const frame of frames) {
    const options = { embedding: embedding(out) };
    out.push(
      "rgb" in frame
        ? await analyzeImage(face, await fitFrame(frame.rgb), frame.t_ms, options)
        : await analyzeFrame(
            face,
            // Burst frames keep the JPEG or PNG the page sent.
            {
              bytes: frame.bytes,
              t_ms: frame.t_ms,
              contentType: frame.bytes[0] === 0x89 ? "image/png" : "image/jpeg",
            },
            options,
          ),
    );
  }
  return out;
}

/**
 * A clip fails when most frames lack a face, when its frames look re-captured (median forensic spoof
 * evidence), or when it is one still repeated (no motion at all: a photo turned into a video).
 */
function judgeClip(frames: ImageAnalysis[]) {
  const withFace = frames.filter((frame) => frame.face);
  const score = median(withFace.map((frame) => frame.score));
  const isStatic = frames.length >= 2 && meanFrameDelta(frames) < STATIC_CLIP_DELTA;
  const spoofed = median(withFace.map((frame) => frame.spoofEvidence)) >= 0.5;
  const faceless = withFace.length < Math.ceil(frames.length / 2);
  // The whole frame moving as one rigid picture, estimated from the images (rigid-frame-fit.ts).
  const rigid = isStatic ? null : measureRigidFrameFit(frames.map((frame) => frame.image));
  // A still clip has no fit (no moving pair): its face boxes' motion is measured alone, and never planar.
  const motion = measureClipMotion(frames, rigid ?? { netLogScale: 0, movingPairs: 0 });
  const flicker = measureFlicker(frames);
  return {
    score: isStatic ? Math.min(score, 20) : score,
    failed: faceless || spoofed || isStatic,
    static: isStatic,
    planar: !isStatic && (motion.planar || (rigid !== null && movedAsOneLayer(rigid))),
    rigid: {
      netLogScale: rigid ? Math.round(rigid.netLogScale * 1000) / 1000 : null,
      secondLayerShare: rigid ? Math.round(rigid.secondLayerShare * 1000) / 1000 : null,
      stayShare: rigid ? Math.round(rigid.stayShare * 1000) / 1000 : null,
    },
    amplitude: motion.amplitude,
    followRatio: motion.followRatio,
    backgroundFollowRatio: motion.zoom ? Math.round(motion.zoom.followRatio * 1000) / 1000 : null,
    faceLogScale: motion.zoom ? Math.round(motion.zoom.faceLogScale * 1000) / 1000 : null,
    flicker,
    flickering: !isStatic && flicker >= FLICKER_LIMIT,
  };
}

/**
 * Mean absolute change of 8×8 block means between consecutive frames (grey levels). Block means, not
 * pixels: sensor noise or re-encoding added to a repeated still averages out inside a block, while a
 * face or a hand-held camera moving shifts whole blocks.
 */
function meanFrameDelta(frames: ImageAnalysis[]): number {
  let total = 0;
  let pairs = 0;
  for (let i = 1; i < frames.length; i++) {
    const a = (frames[i - 1] as ImageAnalysis).image;
    const b = (frames[i] as ImageAnalysis).image;
    if (a.width !== b.width || a.height !== b.height) return Number.POSITIVE_INFINITY;
    const blocksA = blockMeans(a);
    const blocksB = blockMeans(b);
    let sum = 0;
    for (let k = 0; k < blocksA.length; k++) sum += Math.abs((blocksA[k] as number) - (blocksB[k] as number));
    total += sum / Math.max(1, blocksA.length);
    pairs++;
  }
  return total / pairs;
}

function blockMeans(image: ImageAnalysis["image"]): Float32Array {
  const size = 8;
  const bw = Math.floor(image.width / size);
  const bh = Math.floor(image.height / size);
  const out = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let sum = 0;
      for (let y = by * size; y < (by + 1) * size; y++) {
        for (let x = bx * size; x < (bx + 1) * size; x++)
          sum += image.data[(y * image.width + x) * 3 + 1] as number;
      }
      out[by * bw + bx] = sum / (size * size);
    }
  }
  return out;
}

function signalsOf(prefix: string, frame: FrameAnalysis): Record<string, number | boolean | null> {
  return {
    [`${prefix}_antispoof`]: frame.face?.antispoof ?? null,
    [`${prefix}_liveness`]: frame.face?.liveness ?? null,
    [`${prefix}_periodicity`]: frame.forensics?.periodicity ?? null,
    [`${prefix}_native_periodicity`]: frame.forensics?.nativePeriodicity ?? null,
    [`${prefix}_chroma_ripple`]: frame.forensics?.chromaRipple ?? null,
    [`${prefix}_colour_spread`]: round1(frame.colour?.spread ?? null),
    [`${prefix}_lip_redness`]: round1(frame.colour?.lipRedness ?? null),
    [`${prefix}_spoof_evidence`]: frame.spoofEvidence,
    [`${prefix}_sunglasses`]: frame.sunglasses,
  };
}

function round1(value: number | null): number | null {
  return value === null ? null : Math.round(value * 10) / 10;
}
