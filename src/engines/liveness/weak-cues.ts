// Weak re-capture cues on the PASSIVE still, which decline only together. Each cue's weak level sits
// above the highest value any genuine photograph of the tuning set reaches (the tune split plus the
// examined half of the report split, test/specimens/liveness/manifest.ts: 46 photographs), so one cue
// alone is what a genuine photograph may show; two at once are what a held print shows, whose halftone
// is too faint or too stochastic for any single cue to be sure of. Genuine phone captures
// (phone-captures.ts, made from the held-aside photographs) reached 2.72 native and 2.63 patch
// periodicity and chroma ripple 0.28.
//
// - native periodicity (image-forensics.ts): a peak on the native-pixel window around the face, ≥ 2.9,
//   10 % above the genuine maximum without img18 (2.64; it was 2.8). An upscaled genuine photograph
//   has one from its interpolation kernel (img18: 2.99), so it declines alone only at
//   STRONG_NATIVE_PERIODICITY; a held print or phone carries it with another cue.
// - periodicity of the face patch, ≥ 2.75 (genuine max 2.71, img26). Not widened: a tune-split held
//   print (img1) measures 2.76 with native 3.02 and no picture side, so at 10 % above the genuine
//   maximum it would be approved; attacks and genuine photographs overlap here.
// - chroma ripple ≥ 0.40, 21 % above every genuine photograph (max 0.33, img26): a CMY halftone's
//   colour screens at different angles, or a screen's sub-pixels, leave coloured fringes that skin
//   does not;
// - two straight sides of a picture around the face (picture-frame.ts; genuine: at most 2, img37 and
//   img56, with no other cue).
import type { ForensicSignals } from "./image-forensics.js";

export const WEAK_NATIVE_PERIODICITY = 2.9;
/**
 * Native periodicity this strong declines alone: 20 % above the highest genuine value of the tuning
 * set (img18, 2.99, the interpolation peak of an upscaled photograph). A print framed inside its paper
 * (no edge, no room: test/specimens/liveness/cropped-recaptures.ts) can show nothing else: tune split
 * cropped_warm_print img1, 4.10 with no other cue.
 */
export const STRONG_NATIVE_PERIODICITY = 3.6;
export const WEAK_PERIODICITY = 2.75;
export const WEAK_CHROMA_RIPPLE = 0.4;
export const WEAK_FRAME_SIDES = 2;

/**
 * The learned texture score (recapture-texture.ts) at which it is one weak cue: above every genuine still
 * of the tuning set scored by a model that had not seen its photograph (scripts/train-recapture-texture.ts,
 * out-of-fold, 5 folds by photograph: 46 photographs, 184 web copies and 184 phone captures of them; the
 * highest are a web copy of img10 at 0.927 and img3 itself at 0.906). A model's score of the photographs it
 * was fitted on is optimistic: the first fit put every tuning photograph under 0.67, and three unseen
 * genuine photographs over 0.9.
 */
export const WEAK_RECAPTURE_TEXTURE = 0.93;
/**
 * The texture score that declines alone, one logit above that genuine maximum. Out of fold, 35 % of the
 * cropped warm prints, 21 % of the full-frame screens and 63 % of the prints reach it.
 */
export const STRONG_RECAPTURE_TEXTURE = 0.97;

export type WeakCue = "native_periodicity" | "periodicity" | "chroma_ripple" | "picture_sides" | "texture";

export function weakRecaptureCues(
  forensics: ForensicSignals,
  pictureSides: number,
  texture: number | null = null,
): WeakCue[] {
  const cues: WeakCue[] = [];
  if ((forensics.nativePeriodicity ?? 0) >= WEAK_NATIVE_PERIODICITY) cues.push("native_periodicity");
  if (forensics.periodicity >= WEAK_PERIODICITY) cues.push("periodicity");
  if (forensics.chromaRipple >= WEAK_CHROMA_RIPPLE) cues.push("chroma_ripple");
  if (pictureSides >= WEAK_FRAME_SIDES) cues.push("picture_sides");
  if (texture !== null && texture >= WEAK_RECAPTURE_TEXTURE) cues.push("texture");
  return cues;
}

/** Two independent weak cues at once: a re-captured picture. */
export function corroboratedRecapture(cues: WeakCue[]): boolean {
  return cues.length >= 2;
}

/** A native-pixel halftone or pixel grid too strong for any photograph: a re-captured picture on its own. */
export function strongNativeTrace(forensics: ForensicSignals | null): boolean {
  return (forensics?.nativePeriodicity ?? 0) >= STRONG_NATIVE_PERIODICITY;
}

/** A face texture the model is sure of (recapture-texture.ts): a re-captured picture on its own. */
export function recapturedTexture(texture: number | null): boolean {
  return texture !== null && texture >= STRONG_RECAPTURE_TEXTURE;
}
