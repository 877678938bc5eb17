// The geometric recapture cues on synthetic frames (no models): the whole frame moving as one rigid
// picture (rigid-frame-fit.ts), the straight edges of a held picture around the face
// (picture-frame.ts).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { FaceImage } from "../../../src/engines/liveness/frame-types.js";
import { looksLikeHeldPicture, measurePictureFrame } from "../../../src/engines/liveness/picture-frame.js";
import { measureRigidFrameFit, movedAsOneLayer } from "../../../src/engines/liveness/rigid-frame-fit.js";
import { createRandom } from "../../specimens/seeded-random.js";

const W = 320;
const H = 240;

/** A textured scene: smooth blobs of several sizes (seeded), grey 40..220. */
function texture(seed: number): (x: number, y: number) => number {
  const random = createRandom(seed);
  const blobs = Array.from({ length: 60 }, () => ({
    x: random.between(-W, 2 * W),
    y: random.between(-H, 2 * H),
    r: random.between(4, 30),
    v: random.between(-60, 60),
  }));
  return (x, y) => {
    let value = 130;
    for (const b of blobs) value += b.v * Math.exp(-((x - b.x) ** 2 + (y - b.y) ** 2) / (b.r * b.r));
    return Math.max(0, Math.min(255, value));
  };
}

function render(shade: (x: number, y: number) => number): FaceImage {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const v = Math.round(shade(x, y));
      data.set([v, v, v], (y * W + x) * 3);
    }
  }
  return { data, width: W, height: H };
}

describe("recapture cues", () => {
  const room = texture(1);
  const head = texture(2);
  const cx = W / 2;
  const cy = H / 2;

  test("a picture zoomed before the camera moves as one layer; a head moving in a still room does not", () => {
    const zoomed = [0, 1, 2, 3, 4].map((k) => {
      const s = 1 + 0.05 * k;
      return render((x, y) => room(cx + (x - cx) / s, cy + (y - cy) / s));
    });
    const flat = measureRigidFrameFit(zoomed);
    assert.ok(flat.netLogScale > 0.15, JSON.stringify(flat));
    assert.equal(movedAsOneLayer(flat), true, JSON.stringify(flat));

    const live = [0, 1, 2, 3, 4].map((k) => {
      const s = 1 + 0.05 * k;
      const dx = 3 * k;
      return render((x, y) => {
        const inside = ((x - cx - dx) / 70) ** 2 + ((y - cy) / 90) ** 2 < 1;
        return inside ? head(cx + (x - cx - dx) / s, cy + (y - cy) / s) : room(x, y);
      });
    });
    const depth = measureRigidFrameFit(live);
    assert.equal(movedAsOneLayer(depth), false, JSON.stringify(depth));
  });

  test("a camera turned by the hand (a shift, no scale) is not called a flat picture", () => {
    const panned = [0, 1, 2, 3, 4].map((k) => render((x, y) => room(x + 2 * k, y + k)));
    const fit = measureRigidFrameFit(panned);
    assert.ok(Math.abs(fit.netLogScale) < 0.03, JSON.stringify(fit));
    assert.equal(movedAsOneLayer(fit), false);
  });

  test("a rectangle closing around the face is a held picture; the open room is not", () => {
    const face = { x: 130, y: 80, width: 60, height: 70 };
    const held = render((x, y) => {
      const inPicture = x >= 90 && x < 235 && y >= 35 && y < 215;
      return inPicture ? 60 + room(x, y) * 0.6 : 200;
    });
    const frame = measurePictureFrame(held, face);
    assert.equal(looksLikeHeldPicture(frame), true, JSON.stringify(frame));
    const open = measurePictureFrame(render(room), face);
    assert.equal(looksLikeHeldPicture(open), false, JSON.stringify(open));
  });
});
