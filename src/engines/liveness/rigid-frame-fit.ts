// One flat picture moved in front of the camera moves as ONE rigid layer: between two frames, a single
// similarity transform (scale, rotation, shift), estimated from the images themselves, explains every
// textured point of the frame — face, hair, the picture's background alike. A live scene has depth: the
// head moves against a room that stays put (or shifts by a different amount with the hand-held camera),
// so one transform explains one layer and leaves a second, coherent layer that another transform
// explains better. This cue needs no background ring around the face (a face that fills the frame
// still has a head layer and a room layer, or one rigid picture) and no face boxes (which can disagree
// with the true zoom).
//
// A camera turned by the hand also moves everything alike, but without changing scale; so a one-layer
// fit counts as a flat picture only when the frames' net scale change is beyond breathing and jitter.
import type { FaceImage } from "./frame-types.js";
import { type Grey, greyBlocks } from "./grey-blocks.js";
import { errorOf, IDENTITY, residuals, searchSimilarity } from "./similarity-search.js";

export interface RigidFrameFit {
  /** Net log scale of the one-layer fits chained over the clip. */
  netLogScale: number;
  /** Median over moving pairs of the share of textured points a second motion layer explains better. */
  secondLayerShare: number;
  /** Median over moving pairs of the share of textured points that stayed put while the fit moved. */
  stayShare: number;
  /** Median over moving pairs of the one-layer fit's error over the error of no motion. */
  fitRatio: number;
  /** Frame pairs in which the best one-layer fit was a real motion. */
  movingPairs: number;
}

const WIDTH = 96;
/** A pair "moved" when its one-layer fit beats no motion by this factor. */
const MOVED_RATIO = 0.8;
/** A point belongs to another layer when the other transform beats the one-layer fit by this many grey levels. */
const LAYER_MARGIN = 8;
/** Net |log scale| from which a one-layer clip is a picture brought closer or zoomed (±8 %). */
export const RIGID_MIN_LOG_SCALE = 0.08;
/**
 * Shares of textured points below which no second layer exists: the clip is one rigid picture. Tune
 * split (test/specimens/liveness/manifest.ts, 15 genuine head-motion clips, 15 pan/zoomed pictures):
 * points that stayed put — pictures ≤ 0.049, genuine ≥ 0.092; points another motion explains —
 * pictures ≤ 0.103 (genuine 0.014–0.162, so this one only guards the real case where the camera moved
 * too and nothing stayed put, yet the room moved unlike the head).
 */
export const RIGID_MAX_STAY = 0.07;
export const RIGID_MAX_SECOND_LAYER = 0.12;

export function measureRigidFrameFit(images: FaceImage[]): RigidFrameFit {
  const greys = images.map((image) => greyBlocks(image, WIDTH));
  const smalls = images.map((image) => greyBlocks(image, WIDTH / 2));
  let netLogScale = 0;
  const shares: number[] = [];
  const ratios: number[] = [];
  const stays: number[] = [];
  for (let i = 1; i < greys.length; i++) {
    const a = greys[i - 1] as Grey;
    const b = greys[i] as Grey;
    const small = { a: smalls[i - 1] as Grey, b: smalls[i] as Grey };
    if (a.width !== b.width || a.height !== b.height) continue;
    const points = texturedPoints(a);
    if (points.length < 60) continue;
    const still = errorOf(a, b, points, IDENTITY);
    const fit = searchSimilarity(a, b, points, small);
    const ratio = fit.error / Math.max(still, 1e-6);
    if (ratio > MOVED_RATIO) continue;
    netLogScale += Math.log(fit.transform.scale);
    ratios.push(ratio);
    // Points the one-layer fit leaves unexplained: does another motion explain them as a layer?
    const residual = residuals(a, b, points, fit.transform);
    const outliers: number[] = [];
    for (let p = 0; p < points.length / 2; p++) {
      if ((residual[p] as number) > LAYER_MARGIN)
        outliers.push(points[2 * p] as number, points[2 * p + 1] as number);
    }
    let share = 0;
    const stillResidual = residuals(a, b, points, IDENTITY);
    let stay = 0;
    for (let p = 0; p < points.length / 2; p++) {
      if ((stillResidual[p] as number) + LAYER_MARGIN < (residual[p] as number)) stay++;
    }
    stays.push(stay / (points.length / 2));
    if (outliers.length >= 20) {
      const other = searchSimilarity(a, b, outliers, small);
      const otherResidual = residuals(a, b, points, other.transform);
      let better = 0;
      for (let p = 0; p < points.length / 2; p++) {
        if ((otherResidual[p] as number) + LAYER_MARGIN < (residual[p] as number)) better++;
      }
      share = better / (points.length / 2);
    }
    shares.push(share);
  }
  return {
    netLogScale,
    secondLayerShare: median(shares),
    stayShare: median(stays),
    fitRatio: median(ratios),
    movingPairs: ratios.length,
  };
}

export function movedAsOneLayer(fit: RigidFrameFit): boolean {
  return (
    fit.movingPairs >= 2 &&
    Math.abs(fit.netLogScale) >= RIGID_MIN_LOG_SCALE &&
    fit.stayShare < RIGID_MAX_STAY &&
    fit.secondLayerShare < RIGID_MAX_SECOND_LAYER
  );
}

function median(values: number[]): number {
  if (values.length === 0) return 1;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Points with enough local gradient to say where they moved (flat areas match any motion). */
function texturedPoints(grey: Grey): number[] {
  const out: number[] = [];
  const margin = 3;
  for (let y = margin; y < grey.height - margin; y++) {
    for (let x = margin; x < grey.width - margin; x++) {
      const i = y * grey.width + x;
      const gx = (grey.data[i + 1] as number) - (grey.data[i - 1] as number);
      const gy = (grey.data[i + grey.width] as number) - (grey.data[i - grey.width] as number);
      if (Math.abs(gx) + Math.abs(gy) >= 6) out.push(x, y);
    }
  }
  return out;
}
