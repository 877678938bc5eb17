// One labelled presentation (manifest.ts) made into what an applicant's browser would send: the still,
// optionally the 6-frame burst of its clip, and the document portrait when the presentation comes with a
// document. Shared by bench/liveness-pad.bench.ts and scripts/train-recapture-texture.ts, so the model is
// fitted on exactly the images the bench reports on.
import { readFileSync } from "node:fs";
import type { FaceEngine } from "../../../src/engines/face/face-engine.js";
import type { CapturedFrame } from "../../../src/engines/liveness/liveness-types.js";
import { createRandom } from "../seeded-random.js";
import {
  asBurst,
  documentInHand,
  headMotionFrames,
  panZoomFrames,
  printedPhoto,
  renderDocument,
  reuseCrop,
  reuseRephoto,
  screenFlickerFrames,
  screenReplay,
  staticFrames,
} from "./attack-set.js";
import { FACES_DIR, photoBytes, photoRaw } from "./captures.js";
import { croppedWarmPrint, fullFrameScreen } from "./cropped-recaptures.js";
import { heldPhone, heldPrint } from "./held-attacks.js";
import type { Presentation } from "./manifest.js";
import { engravedPortrait, monochromePrint } from "./monochrome-attacks.js";
import { phoneCapture } from "./phone-captures.js";
import { jpeg, readRaw } from "./raw-image.js";
import { handheldLiveFrames, shakenPictureFrames } from "./shaken-clips.js";

export interface BuiltPresentation {
  still: Buffer;
  /** The clip as a frame burst; only when asked for (it costs face detection and rendering). */
  burst?: CapturedFrame[];
  /** The document's portrait, which the reuse check compares the selfie with. */
  portrait?: Buffer;
}

/**
 * The presentation generated from its manifest entry (seeded, so the same entry always gives the same
 * bytes), or null when its document has no portrait the document engine can find.
 */
export async function buildPresentation(
  face: FaceEngine,
  p: Presentation,
  options: { clip: boolean },
): Promise<BuiltPresentation | null> {
  const random = createRandom(p.seed * 31 + p.type.length);
  const photo = await photoRaw(p.photo);
  const box = (await face.infer({ image: photo, want: {} })).faces[0]?.box;
  const withClip = async (still: Buffer, frames: () => Promise<CapturedFrame[]>, portrait?: Buffer) => ({
    still,
    burst: options.clip ? await frames() : undefined,
    portrait,
  });
  if (p.type === "screen_flicker_clip") {
    return withClip(await photoBytes(p.photo), async () => asBurst(await screenFlickerFrames(photo, p.seed)));
  }
  if (p.type === "genuine_photo" || p.type === "static_clip" || p.type === "pan_zoom_clip") {
    const still = await photoBytes(p.photo);
    if (p.type === "static_clip")
      return withClip(still, async () => asBurst(await staticFrames(photo, p.seed)));
    if (p.type === "pan_zoom_clip")
      return withClip(still, async () => asBurst(await panZoomFrames(photo, p.seed)));
    return withClip(still, async () =>
      asBurst(box ? await headMotionFrames(photo, box, p.seed) : await staticFrames(photo, p.seed)),
    );
  }
  if (p.type === "genuine_handheld_clip") {
    const still = await photoBytes(p.photo);
    return withClip(still, async () =>
      asBurst(box ? await handheldLiveFrames(photo, box, p.seed) : await staticFrames(photo, p.seed)),
    );
  }
  if (p.type === "shaken_picture_clip") {
    // An edge-free print or phone screen (cropped-recaptures.ts), held before the camera by a hand.
    const instrument =
      p.seed % 2 === 0 ? croppedWarmPrint(photo, random, box) : fullFrameScreen(photo, random, box);
    const still = await jpeg(instrument, random.int(75, 92));
    return withClip(still, async () => asBurst(await shakenPictureFrames(await readRaw(still), p.seed)));
  }
  if (p.type === "genuine_phone_capture") {
    // From the original file, not the 640 px copy: the capture chooses its own resolution.
    const still = await phoneCapture(readFileSync(new URL(p.photo, FACES_DIR)), random);
    return withClip(still, () => movingBurst(face, still, p.seed));
  }
  if (p.type === "print" || p.type === "screen") {
    const still = p.type === "print" ? await printedPhoto(photo, p.seed) : await screenReplay(photo, p.seed);
    return withClip(still, async () => asBurst(await staticFrames(await readRaw(still), p.seed)));
  }
  if (p.type === "cropped_warm_print" || p.type === "fullframe_screen") {
    const instrument =
      p.type === "cropped_warm_print"
        ? croppedWarmPrint(photo, random, box)
        : fullFrameScreen(photo, random, box);
    const still = await jpeg(instrument, random.int(75, 92));
    return withClip(still, () => movingBurst(face, still, p.seed));
  }
  if (p.type === "mono_print" || p.type === "engraved_portrait") {
    const instrument =
      p.type === "mono_print" ? monochromePrint(photo, random, box) : engravedPortrait(photo, random, box);
    const still = await jpeg(instrument, random.int(75, 92));
    return withClip(still, () => movingBurst(face, still, p.seed));
  }
  if (p.type === "held_print" || p.type === "held_phone") {
    const instrument = p.type === "held_print" ? heldPrint(photo, random) : heldPhone(photo, random);
    const still = await jpeg(instrument, random.int(70, 92));
    // The strongest attacker: the held picture's face given simulated head motion in the clip.
    return withClip(still, () => movingBurst(face, still, p.seed));
  }
  const document = await renderDocument(face, p.documentPhoto as string, p.seed);
  if (!document) return null;
  let still: Buffer;
  if (p.type === "genuine_vs_document") still = await photoBytes(p.photo);
  else if (p.type === "reuse_crop") still = await reuseCrop(document.portrait, random);
  else if (p.type === "reuse_rephoto") still = await reuseRephoto(document.portrait, random);
  else if (p.type === "reuse_source_photo") still = await photoBytes(p.photo);
  else if (p.type === "document_page") still = document.page;
  else still = await documentInHand(document.page, random);
  // The strongest attacker: the clip shows the instrument with simulated head motion.
  return withClip(still, () => movingBurst(face, still, p.seed), document.portrait);
}

/** A clip of the still with simulated head motion when a face is found in it, else the still repeated. */
async function movingBurst(face: FaceEngine, still: Buffer, seed: number): Promise<CapturedFrame[]> {
  const raw = await readRaw(still);
  const head = (await face.infer({ image: raw, want: {} })).faces[0]?.box;
  return asBurst(head ? await headMotionFrames(raw, head, seed) : await staticFrames(raw, seed));
}
