// A flat picture brought toward the camera (or zoomed) scales as one thing: the background around the
// face grows by exactly the face's factor. A live head that comes closer grows against a room that is
// much farther away and barely changes. A camera turned by the hand moves everything alike but does not
// scale it, so this cue looks only at clips whose face changed size: there, the scene outside the head
// following the face's shift and scale is a flat picture.
//
// The cue compares the background (outside an ellipse of 1 face width by 1.25 face heights) between the
// first face frame and the frame that moved most, at 160 px: left in place ("stay") and carried by the
// face's motion, refined over a small search around the face boxes' estimate ("follow"), since a face box
// is only roughly where the face is.
import type { FaceImage, PixelBox } from "./frame-types.js";
import { bilinear, greyBlocks } from "./grey-blocks.js";

export interface BackgroundZoom {
  /** log of the face's size change between the two frames. */
  faceLogScale: number;
  /** Background points compared (0 when the face fills the frame). */
  points: number;
  /** Mean grey change of the background left in place, in grey levels. */
  stay: number;
  /** Best background error when carried with the face, over `stay` (1 when not measured). */
  followRatio: number;
}

const WIDTH = 160;
/** Face size change (|log scale|) from which the cue applies: ±8 %, beyond hand-held breathing. */
export const ZOOM_MIN_LOG_SCALE = 0.08;
/** The background changed beyond JPEG and sensor noise (genuine still rooms: ≤ 0.8 grey levels). */
export const ZOOM_MIN_STAY = 2;
/**
 * Follow error over stay error below which the background moved with the face. Tune split
 * (test/specimens/liveness/manifest.ts): zoomed pictures ≤ 0.70, genuine clips ≥ 1.00; the midpoint.
 */
export const ZOOM_FOLLOW_RATIO = 0.85;
const MIN_POINTS = 30;

export function measureBackgroundZoom(
  a: FaceImage,
  boxA: PixelBox,
  b: FaceImage,
  boxB: PixelBox,
): BackgroundZoom {
  const faceScale = Math.sqrt((boxB.width * boxB.height) / Math.max(1, boxA.width * boxA.height));
  const none = { faceLogScale: Math.log(faceScale), points: 0, stay: 0, followRatio: 1 };
  if (a.width !== b.width || a.height !== b.height || a.width < WIDTH) return none;
  const ga = greyBlocks(a, WIDTH);
  const gb = greyBlocks(b, WIDTH);
  const k = ga.factor;
  const [ax, ay] = [(boxA.x + boxA.width / 2) / k, (boxA.y + boxA.height / 2) / k];
  const [bx, by] = [(boxB.x + boxB.width / 2) / k, (boxB.y + boxB.height / 2) / k];
  const [rx, ry] = [boxA.width / k, (boxA.height * 1.25) / k];
  const points: number[] = [];
  for (let y = 1; y < ga.height - 1; y += 2) {
    for (let x = 1; x < ga.width - 1; x += 2) {
      if (((x - ax) / rx) ** 2 + ((y - ay) / ry) ** 2 >= 1) points.push(x, y);
    }
  }
  const count = points.length / 2;
  if (count < MIN_POINTS) return none;
  let stay = 0;
  for (let p = 0; p < points.length; p += 2) {
    const i = (points[p + 1] as number) * ga.width + (points[p] as number);
    stay += Math.abs((ga.data[i] as number) - (gb.data[i] as number));
  }
  stay /= count;
  let best = Number.POSITIVE_INFINITY;
  let bestPoints = 0;
  for (let ds = -0.09; ds <= 0.0901; ds += 0.015) {
    const s = faceScale * (1 + ds);
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        let error = 0;
        let n = 0;
        for (let p = 0; p < points.length; p += 2) {
          const x = points[p] as number;
          const y = points[p + 1] as number;
          const fx = bx + dx + (x - ax) * s;
          const fy = by + dy + (y - ay) * s;
          if (fx < 0 || fy < 0 || fx >= gb.width - 1 || fy >= gb.height - 1) continue;
          error += Math.abs((ga.data[y * ga.width + x] as number) - bilinear(gb, fx, fy));
          n++;
        }
        // Most of the background must stay in view, or a zoom that pushed it out would look perfect.
        if (n >= count * 0.3 && n >= MIN_POINTS && error / n < best) {
          best = error / n;
          bestPoints = n;
        }
      }
    }
  }
  if (bestPoints === 0 || stay < 1e-6) return { ...none, points: count, stay };
  return { faceLogScale: Math.log(faceScale), points: bestPoints, stay, followRatio: best / stay };
}

export function zoomedAsOne(zoom: BackgroundZoom): boolean {
  return (
    Math.abs(zoom.faceLogScale) >= ZOOM_MIN_LOG_SCALE &&
    zoom.points >= MIN_POINTS &&
    zoom.stay >= ZOOM_MIN_STAY &&
    zoom.followRatio < ZOOM_FOLLOW_RATIO
  );
}
