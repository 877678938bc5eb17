// The PASSIVE presentation-attack cues on the real face models: document-portrait reuse, a document in
// the selfie, and the clip's motion (static, one flat picture panned and zoomed, a head moving in a room,
// a picture zoomed over a blurred background).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { createFaceEngine, type FaceEngine } from "../../../src/engines/face/face-engine.js";
import { ZOOM_FOLLOW_RATIO, zoomedAsOne } from "../../../src/engines/liveness/background-zoom.js";
import { FLICKER_LIMIT, PAN_AMPLITUDE } from "../../../src/engines/liveness/clip-motion.js";
import { createLivenessEngine, type LivenessEngine } from "../../../src/engines/liveness/liveness-engine.js";
import { judgeReuse, measurePortraitReuse } from "../../../src/engines/liveness/portrait-reuse.js";
import {
  asBurst,
  headMotionFrames,
  panZoomFrames,
  renderDocument,
  reuseCrop,
  screenFlickerFrames,
  staticFrames,
} from "../../specimens/liveness/attack-set.js";
import { photoBytes, photoRaw } from "../../specimens/liveness/captures.js";
import { heldPhone, heldPrint } from "../../specimens/liveness/held-attacks.js";
import { buildManifest } from "../../specimens/liveness/manifest.js";
import { buildPresentation } from "../../specimens/liveness/presentations.js";
import { jpeg, type Raw } from "../../specimens/liveness/raw-image.js";
import { createRandom } from "../../specimens/seeded-random.js";

describe("PASSIVE presentation-attack cues", () => {
  let face: FaceEngine;
  let engine: LivenessEngine;
  let photo: Raw;

  before(async () => {
    face = await createFaceEngine({ size: 1 });
    engine = createLivenessEngine(face);
    photo = await photoRaw("img1.jpg");
  });
  after(() => face?.close());

  test("reuse needs the identity and the image to agree beyond the genuine range", () => {
    assert.equal(judgeReuse(0.7, 0.5), false, "a genuine pair: same person, another photograph");
    assert.equal(judgeReuse(0.8, 0.3), true, "a copy: near-identical identity, the texture agrees");
    assert.equal(judgeReuse(0.65, 0.9), true, "a blurred copy: identity lower, texture identical");
    assert.equal(judgeReuse(0.9, 0), true);
    assert.equal(judgeReuse(0.4, 0.9), false, "another person never counts as a copy");
  });

  test("a recrop of the document portrait is a copy; another photograph of the holder is not", async () => {
    const document = await renderDocument(face, "img2.jpg", 2);
    assert.ok(document, "the rendered passport has a portrait");
    const copy = await measurePortraitReuse(
      face,
      await reuseCrop(document.portrait, createRandom(5)),
      document.portrait,
    );
    assert.equal(copy?.reused, true, JSON.stringify(copy));
    const genuine = await measurePortraitReuse(face, await photoBytes("img1.jpg"), document.portrait);
    assert.equal(genuine?.reused, false, JSON.stringify(genuine));
    assert.ok((genuine?.embeddingSimilarity ?? 0) >= 0.5, "still the same person");
  });

  test("a whole document page as the selfie is declined spoof_detected; the genuine photo is approved", async () => {
    const document = await renderDocument(face, "img4.jpg", 3);
    assert.ok(document);
    const page = await engine.evaluate({ method: "PASSIVE", still: document.page });
    assert.equal(page.verdict.status, "declined", JSON.stringify(page.evidence.signals));
    assert.equal(page.verdict.reason, "spoof_detected");
    const genuine = await engine.evaluate({ method: "PASSIVE", still: await photoBytes("img1.jpg") });
    assert.equal(genuine.verdict.status, "approved", JSON.stringify(genuine.evidence.signals));
  });

  test("a burst: head motion in a still room passes, a still picture and a panned/zoomed picture do not", async () => {
    const still = await sharp(await photoBytes("img1.jpg")).toBuffer();
    const box = (await face.infer({ image: photo, want: {} })).faces[0]?.box;
    assert.ok(box);
    const live = await engine.evaluate({
      method: "PASSIVE",
      still,
      burst: asBurst(await headMotionFrames(photo, box, 1)),
    });
    assert.equal(live.verdict.status, "approved", JSON.stringify(live.evidence.signals));
    assert.equal(live.verdict.video_verified, true);
    const frozen = await engine.evaluate({
      method: "PASSIVE",
      still,
      burst: asBurst(await staticFrames(photo, 1)),
    });
    assert.equal(frozen.verdict.status, "declined");
    assert.equal(frozen.verdict.reason, "video_liveness_failed");
    const panned = await engine.evaluate({
      method: "PASSIVE",
      still,
      burst: asBurst(await panZoomFrames(photo, 1)),
    });
    assert.equal(panned.verdict.status, "declined", JSON.stringify(panned.evidence.signals));
    assert.equal(panned.verdict.reason, "planar_motion_detected");
  });

  test("a picture zoomed before the camera over a blurred background: its background grows with the face", async () => {
    // img38: bokeh behind the head, where the ring test alone saw too little texture (follow ratio 0.65).
    const blurred = await photoRaw("img38.jpg");
    const box = (await face.infer({ image: blurred, want: {} })).faces[0]?.box;
    assert.ok(box);
    const still = await photoBytes("img38.jpg");
    const zoomed = await engine.evaluate({
      method: "PASSIVE",
      still,
      burst: asBurst(await panZoomFrames(blurred, 38)),
    });
    assert.equal(zoomed.verdict.status, "declined", JSON.stringify(zoomed.evidence.signals));
    assert.equal(zoomed.verdict.reason, "planar_motion_detected");
    assert.ok((zoomed.evidence.signals.clip_background_follow_ratio as number) < ZOOM_FOLLOW_RATIO);
    const live = await engine.evaluate({
      method: "PASSIVE",
      still,
      burst: asBurst(await headMotionFrames(blurred, box, 38)),
    });
    assert.equal(live.verdict.status, "approved", JSON.stringify(live.evidence.signals));
  });

  test("the zoom cue needs the face to change size, a background that changed, and one that followed", () => {
    const zoom = { faceLogScale: 0.2, points: 500, stay: 30, followRatio: 0.1 };
    assert.equal(zoomedAsOne(zoom), true);
    assert.equal(
      zoomedAsOne({ ...zoom, faceLogScale: 0.02 }),
      false,
      "a camera turned by the hand: no scale",
    );
    assert.equal(zoomedAsOne({ ...zoom, stay: 0.6 }), false, "a still room: nothing to follow");
    assert.equal(zoomedAsOne({ ...zoom, followRatio: 1.4 }), false, "a room the head came closer to");
    assert.equal(zoomedAsOne({ ...zoom, points: 0 }), false, "a face filling the frame: no background");
  });

  test("a print and a phone held up in a room are declined spoof_detected", async () => {
    // Seeds from the tune split whose face the detector finds (a third of held prints hide it: 422).
    const phone = await engine.evaluate({
      method: "PASSIVE",
      still: await jpeg(heldPhone(photo, createRandom(1 * 131 + 10)), 85),
    });
    assert.equal(phone.verdict.status, "declined", JSON.stringify(phone.evidence.signals));
    assert.equal(phone.verdict.reason, "spoof_detected");
    const seventh = await photoRaw("img7.jpg");
    const print = await engine.evaluate({
      method: "PASSIVE",
      still: await jpeg(heldPrint(seventh, createRandom(4 * 131 + 10)), 85),
    });
    assert.equal(print.verdict.status, "declined", JSON.stringify(print.evidence.signals));
    assert.equal(print.verdict.reason, "spoof_detected");
  });

  test("a burst whose brightness beats between frames (a screen replay) is declined screen_replay_suspected", async () => {
    const replay = await engine.evaluate({
      method: "PASSIVE",
      still: await photoBytes("img1.jpg"),
      burst: asBurst(await screenFlickerFrames(photo, 1)),
    });
    assert.equal(replay.verdict.status, "declined", JSON.stringify(replay.evidence.signals));
    assert.equal(replay.verdict.reason, "screen_replay_suspected");
  });

  test("a hand-held camera over a live applicant: the whole frame trembles with the head, and the clip passes", async () => {
    // Tune split, the bench's own presentations. img15: the frame shifts with the hand, the surround
    // follows the face (follow ratio under 0.6) and the room's brightness zig-zags in and out of view; the
    // face moved without changing size, below the pan bound, so it is no picture moved before the camera.
    // img58: the face boxes shrank by 8 % while the frame's own scale changed by 2 %, so no zoom either.
    for (const photo of ["img15.jpg", "img58.jpg"]) {
      const entry = buildManifest().find((p) => p.id === `genuine_handheld_clip:${photo}`);
      assert.ok(entry);
      const built = await buildPresentation(face, entry, { clip: true });
      assert.ok(built?.burst);
      const verdict = await engine.evaluate({ method: "PASSIVE", still: built.still, burst: built.burst });
      const signals = verdict.evidence.signals;
      assert.equal(verdict.verdict.status, "approved", `${photo} ${JSON.stringify(signals)}`);
      assert.equal(verdict.verdict.video_verified, true);
      assert.ok((signals.clip_motion as number) >= 0.12, "moved beyond jitter");
      assert.ok((signals.clip_motion as number) < PAN_AMPLITUDE);
      assert.ok(Math.abs(signals.clip_rigid_log_scale as number) < 0.04, "the frame did not zoom");
      if (photo === "img58.jpg") {
        assert.ok((signals.clip_face_log_scale as number) <= -0.08, "the boxes say zoom");
        continue;
      }
      assert.ok((signals.clip_follow_ratio as number) < 0.6, "the surround followed the face");
      assert.ok((signals.clip_flicker as number) > 6 && (signals.clip_flicker as number) < FLICKER_LIMIT);
    }
  });
});
