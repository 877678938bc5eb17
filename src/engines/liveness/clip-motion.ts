// What the clip's motion says. A live head moves against its surroundings: the room behind it stays
// where it is (or moves differently, with parallax) while the face turns, nods, comes closer. A photo
// (print, screen, or a picture panned and zoomed digitally) moves as one flat thing: the background
// around the face in the picture follows the face exactly. And a screen replay flickers: the frame's
// brightness jumps between samples and its rows show refresh bands.
import {
  type BackgroundZoom,
  measureBackgroundZoom,
  ZOOM_MIN_LOG_SCALE,
  zoomedAsOne,
} from "./background-zoom.js";
import type { ImageAnalysis } from "./frame-analysis.js";
import type { FaceImage, PixelBox } from "./frame-types.js";
import type { RigidFrameFit } from "./rigid-frame-fit.js";

export interface ClipMotion {
  /** Largest face motion from the first face frame: centre shift in face widths plus |log scale|. */
  amplitude: number;
  /** Mean grey error of the surround when it is moved with the face, over its error left in place. */
  followRatio: number;
  /** The background beyond the head, when the face changed size (background-zoom.ts); null otherwise. */
  zoom: BackgroundZoom | null;
  planar: boolean;
}

/** Face motion below which the clip says nothing about planarity (hand-held jitter). */
const MIN_AMPLITUDE = 0.12;
/** The surround follows the face this much better than it stays put: one flat picture moving. */
const PLANAR_FOLLOW_RATIO = 0.6;
/**
 * A face that moved without changing size, its surround following, is also what a hand-held camera films
 * when it trembles or drifts over a live applicant who holds still: the room and the head move together.
 * So a shift alone counts as a moved picture only beyond what a hand does in a short clip. Tune split,
 * hand-held live clips (test/specimens/liveness/shaken-clips.ts: the frame shifting by up to 3.5 % of its
 * width, the head swaying on top): face motion ≤ 0.25 face widths, and 4 of 15 were declined as planar
 * by the follow ratio alone before this bound; pictures panned and zoomed (25 %) move 0.31–0.70 and
 * change size, which the bound does not touch.
 */
export const PAN_AMPLITUDE = 0.4;

/**
 * A face box's size is only roughly the face's: between two frames of a hand-held live clip the boxes
 * disagreed by 8 % while the frame itself changed scale by 2 % (tune split, img58). A picture zoomed or
 * brought closer scales the whole frame, so the face's size change counts as a zoom only when the
 * frame's own scale change, measured from the images (rigid-frame-fit.ts), reaches half the zoom level.
 */
const FRAME_MIN_LOG_SCALE = ZOOM_MIN_LOG_SCALE / 2;

/**
 * `wholeFrame`: the whole frame's one-layer fit over the clip (rigid-frame-fit.ts); when it was measured on
 * at least two moving frame pairs, it vetoes a face-box zoom that the frame did not make.
 */
export function measureClipMotion(
  frames: ImageAnalysis[],
  wholeFrame: Pick<RigidFrameFit, "netLogScale" | "movingPairs">,
): ClipMotion {
  const withFace = frames.filter((frame) => frame.face);
  const first = withFace[0];
  if (!first?.face || withFace.length < 2) return { amplitude: 0, followRatio: 1, zoom: null, planar: false };
  let moved = first;
  let amplitude = 0;
  for (const frame of withFace.slice(1)) {
    const a = motionAmplitude(first.face.box, (frame.face as { box: PixelBox }).box);
    if (a > amplitude) {
      amplitude = a;
      moved = frame;
    }
  }
  if (amplitude < MIN_AMPLITUDE || !moved.face)
    return { amplitude, followRatio: 1, zoom: null, planar: false };
  const followRatio = surroundFollowRatio(first.image, first.face.box, moved.image, moved.face.box);
  const zoom = measureBackgroundZoom(first.image, first.face.box, moved.image, moved.face.box);
  const frameZoomed = wholeFrame.movingPairs < 2 || Math.abs(wholeFrame.netLogScale) >= FRAME_MIN_LOG_SCALE;
  const zoomed = frameZoomed && Math.abs(zoom.faceLogScale) >= ZOOM_MIN_LOG_SCALE;
  const followed = followRatio < PLANAR_FOLLOW_RATIO && (zoomed || amplitude >= PAN_AMPLITUDE);
  return { amplitude, followRatio, zoom, planar: followed || (zoomed && zoomedAsOne(zoom)) };
}

function centre(box: PixelBox): [number, number] {
  return [box.x + box.width / 2, box.y + box.height / 2];
}

function motionAmplitude(a: PixelBox, b: PixelBox): number {
  const [ax, ay] = centre(a);
  const [bx, by] = centre(b);
  const scale = Math.sqrt((b.width * b.height) / Math.max(1, a.width * a.height));
  return Math.hypot(bx - ax, by - ay) / Math.max(1, a.width) + Math.abs(Math.log(scale));
}

/**
 * Samples the ring around the face (1.2–2.2 face boxes: hair edge, shoulders, background) in the
 * first frame and compares it with the moved frame at the same place (static) and at the place the
 * face's shift and scale carry it (following).
 */
function surroundFollowRatio(a: FaceImage, boxA: PixelBox, b: FaceImage, boxB: PixelBox): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  const [ax, ay] = centre(boxA);
  const [bx, by] = centre(boxB);
  const scale = Math.sqrt((boxB.width * boxB.height) / Math.max(1, boxA.width * boxA.height));
  const step = Math.max(2, Math.round(boxA.width / 24));
  let follow = 0;
  let stay = 0;
  let n = 0;
  for (let y = ay - boxA.height * 1.1; y <= ay + boxA.height * 1.1; y += step) {
    for (let x = ax - boxA.width * 1.1; x <= ax + boxA.width * 1.1; x += step) {
      const inner = Math.abs(x - ax) < boxA.width * 0.6 && Math.abs(y - ay) < boxA.height * 0.6;
      if (inner || !inside(a, x, y, 2)) continue;
      const fx = bx + (x - ax) * scale;
      const fy = by + (y - ay) * scale;
      if (!inside(b, fx, fy, 2) || !inside(b, x, y, 2)) continue;
      const ref = meanGrey(a, x, y);
      follow += Math.abs(ref - meanGrey(b, fx, fy));
      stay += Math.abs(ref - meanGrey(b, x, y));
      n++;
    }
  }
  if (n < 20 || stay < 1e-6) return 1;
  return follow / stay;
}

function inside(image: FaceImage, x: number, y: number, margin: number): boolean {
  return x >= margin && y >= margin && x < image.width - margin && y < image.height - margin;
}

/** 3×3 mean grey level around (x, y). */
function meanGrey(image: FaceImage, x: number, y: number): number {
  const cx = Math.round(x);
  const cy = Math.round(y);
  let sum = 0;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const i = ((cy + dy) * image.width + cx + dx) * 3;
      sum +=
        0.299 * (image.data[i] as number) +
        0.587 * (image.data[i + 1] as number) +
        0.114 * (image.data[i + 2] as number);
    }
  }
  return sum / 9;
}

/**
 * Screen flicker: the mean brightness of successive frames alternating up and down (a refresh or PWM
 * dimming beat sampled by the camera), as the median absolute second difference in grey levels.
 * A lit room changes brightness slowly; auto-exposure drifts, it does not zig-zag.
 */
export function measureFlicker(frames: ImageAnalysis[]): number {
  const means = frames.map((frame) => {
    const { data } = frame.image;
    let sum = 0;
    let n = 0;
    for (let i = 0; i < data.length; i += 3 * 7) {
      sum += 0.299 * (data[i] as number) + 0.587 * (data[i + 1] as number) + 0.114 * (data[i + 2] as number);
      n++;
    }
    return n ? sum / n : 0;
  });
  const second: number[] = [];
  for (let i = 1; i < means.length - 1; i++) {
    second.push(Math.abs((means[i + 1] as number) - 2 * (means[i] as number) + (means[i - 1] as number)));
  }
  if (second.length === 0) return 0;
  second.sort((x, y) => x - y);
  return second[Math.floor(second.length / 2)] as number;
}

/**
 * Median second difference of frame brightness (grey levels) at which the clip is a flickering screen.
 * Tune split: screen replays ≥ 17.9; hand-held live clips ≤ 6.3 (the trembling frame brings brighter or
 * darker parts of the room in and out, which zig-zags the mean: 6, the level before, declined one of 15).
 */
export const FLICKER_LIMIT = 10;
