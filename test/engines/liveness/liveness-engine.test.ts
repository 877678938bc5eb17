import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createFaceEngine, type FaceEngine } from "../../../src/engines/face/face-engine.js";
import { createLivenessEngine, type LivenessEngine } from "../../../src/engines/liveness/liveness-engine.js";
import type {
  Challenge,
  ChallengeSequence,
  FlashStep,
} from "../../../src/engines/liveness/liveness-types.js";
import { findFfmpeg } from "../../../src/engines/liveness/video-frames.js";
import { AppError } from "../../../src/platform/errors.js";
import type { Box } from "../../../test/specimens/liveness/attacks.js";
import { printAttack, sunglasses } from "../../specimens/liveness/attacks.js";
import {
  clipFromStills,
  flashCapture,
  jitteredStills,
  photoRaw,
  planarSequence,
} from "../../specimens/liveness/captures.js";
import { blank, jpeg, type Raw } from "../../specimens/liveness/raw-image.js";

const COLORS: FlashStep[] = ["#FF0000", "#00FF00", "#0000FF", "#FFFF00", "#FF00FF"].map((color) => ({
  color,
  duration_ms: 400,
}));

function challenge(sequence: ChallengeSequence): Challenge {
  return {
    id: "00000000-0000-4000-8000-000000000000",
    method: sequence.method,
    sequence,
    expiresAt: new Date(),
  };
}

describe("liveness engine on the real face models", () => {
  let face: FaceEngine;
  let engine: LivenessEngine;
  let photo: Raw;
  let box: Box;
  before(async () => {
    face = await createFaceEngine({ size: 1 });
    engine = createLivenessEngine(face);
    photo = await photoRaw("img1.jpg");
    box = (await face.infer({ image: photo, want: {} })).faces[0]?.box as Box;
  });
  after(async () => face?.close());

  test("PASSIVE approves a genuine photograph without saying which model decided", async () => {
    const { verdict } = await engine.evaluate({ method: "PASSIVE", still: await jpeg(photo) });
    assert.equal(verdict.status, "approved");
    assert.equal(verdict.passed, true);
    assert.equal(verdict.reason, null);
    assert.equal(verdict.video_verified, false);
    assert.deepEqual(Object.keys(verdict).sort(), [
      "method",
      "passed",
      "reason",
      "score",
      "status",
      "video_verified",
    ]);
  });

  test("PASSIVE declines a re-captured halftone print as spoof_detected", async () => {
    const { verdict } = await engine.evaluate({
      method: "PASSIVE",
      still: await jpeg(printAttack(photo, 3)),
    });
    assert.equal(verdict.status, "declined");
    assert.equal(verdict.reason, "spoof_detected");
  });

  test("PASSIVE with check_sunglasses refers hidden eyes to review", async () => {
    const mesh = (await face.infer({ image: photo, want: { mesh: true } })).faces[0]?.mesh as number[][];
    const eye = (a: number, b: number, c: number, d: number) =>
      [
        ((mesh[a]?.[0] as number) + (mesh[b]?.[0] as number)) / 2,
        ((mesh[c]?.[1] as number) + (mesh[d]?.[1] as number)) / 2,
      ] as [number, number];
    const width = Math.abs((mesh[133]?.[0] as number) - (mesh[33]?.[0] as number));
    const covered = sunglasses(photo, [eye(33, 133, 159, 145), eye(362, 263, 386, 374)], width * 0.75);
    const { verdict } = await engine.evaluate({
      method: "PASSIVE",
      still: await jpeg(covered),
      config: { checkSunglasses: true },
    });
    assert.equal(verdict.status, "review");
    assert.equal(verdict.reason, "liveness_below_threshold");
  });

  test("an image without a face is a capture failure with reason no_face_detected", async () => {
    const outcome = await engine.evaluate({ method: "PASSIVE", still: await jpeg(blank(320, 240)) });
    assert.equal(outcome.failure, "capture");
    assert.equal(outcome.verdict.reason, "no_face_detected");
  });

  test("PASSIVE with a clip of someone else: still_clip_mismatch when ffmpeg is installed, else the still alone and video_verified false", async () => {
    const other = await photoRaw("img17.jpg");
    const clip = await clipFromStills(await jitteredStills(other, 3));
    const { verdict } = await engine.evaluate({
      method: "PASSIVE",
      still: await jpeg(photo),
      clip: clip ?? Buffer.from("not a clip"),
      config: { clipFrames: 3 },
    });
    if (await findFfmpeg()) {
      assert.equal(verdict.video_verified, true);
      assert.equal(verdict.reason, "still_clip_mismatch");
    } else {
      assert.equal(verdict.video_verified, false);
      assert.equal(verdict.status, "approved");
    }
  });

  test("PASSIVE_VIDEO fails a clip that is one still repeated (video_liveness_failed), or answers 503 without ffmpeg", async () => {
    const still = await jpeg(photo);
    const clip = await clipFromStills([still, still]);
    const run = engine.evaluate({
      method: "PASSIVE_VIDEO",
      clip: clip ?? Buffer.from("x"),
      config: { clipFrames: 3 },
    });
    if (await findFfmpeg()) {
      const { verdict } = await run;
      assert.equal(verdict.video_verified, true);
      assert.equal(verdict.reason, "video_liveness_failed");
    } else {
      await assert.rejects(run, (error) => error instanceof AppError && error.status === 503);
    }
  });

  test("FLASHING approves a face whose colour follows the sequence", async () => {
    const frames = await flashCapture(photo, box, COLORS, "genuine");
    const { verdict } = await engine.evaluate({
      method: "FLASHING",
      frames,
      challenge: challenge({ method: "FLASHING", colors: COLORS }),
    });
    assert.equal(verdict.status, "approved");
  });

  test("FLASHING: a photo that does not respond is weak_color_response", async () => {
    const frames = await flashCapture(photo, box, COLORS, "none");
    const { verdict } = await engine.evaluate({
      method: "FLASHING",
      frames,
      challenge: challenge({ method: "FLASHING", colors: COLORS }),
    });
    assert.equal(verdict.reason, "weak_color_response");
  });

  test("FLASHING: a screen lighting up as a whole is screen_replay_suspected", async () => {
    const frames = await flashCapture(photo, box, COLORS, "screen");
    const { verdict } = await engine.evaluate({
      method: "FLASHING",
      frames,
      challenge: challenge({ method: "FLASHING", colors: COLORS }),
    });
    assert.equal(verdict.reason, "screen_replay_suspected");
  });

  test("FLASHING: colours in another order are sequence_altered", async () => {
    const frames = await flashCapture(photo, box, COLORS, "genuine", [2, 0, 4, 1, 3]);
    const { verdict } = await engine.evaluate({
      method: "FLASHING",
      frames,
      challenge: challenge({ method: "FLASHING", colors: COLORS }),
    });
    assert.equal(verdict.reason, "sequence_altered");
  });

  test("FLASHING: timestamps that do not cover the schedule are a timing_anomaly", async () => {
    const frames = (await flashCapture(photo, box, COLORS, "genuine")).map((frame) => ({
      ...frame,
      t_ms: 50,
    }));
    const { verdict } = await engine.evaluate({
      method: "FLASHING",
      frames,
      challenge: challenge({ method: "FLASHING", colors: COLORS }),
    });
    assert.equal(verdict.reason, "timing_anomaly");
  });

  test("FLASHING: a print that follows the colours still fails on its texture (flash_liveness_low)", async () => {
    const frames = await flashCapture(printAttack(photo, 5), box, COLORS, "genuine");
    const { verdict } = await engine.evaluate({
      method: "FLASHING",
      frames,
      challenge: challenge({ method: "FLASHING", colors: COLORS }),
    });
    assert.equal(verdict.reason, "flash_liveness_low");
  });

  test("3D_ACTION: a flat photo turned in front of the camera never passes", async () => {
    const frames = await planarSequence(photo, [
      [0, 0],
      [-35, 0],
      [35, 0],
    ]);
    const { verdict } = await engine.evaluate({
      method: "3D_ACTION",
      frames,
      challenge: challenge({ method: "3D_ACTION", actions: ["turn_left", "turn_right"] }),
    });
    assert.equal(verdict.status, "declined");
    assert.ok(verdict.reason === "insufficient_motion" || verdict.reason === "planar_motion_detected");
    assert.deepEqual(verdict.per_action_pass, { turn_left: false, turn_right: false });
  });

  test("GESTURE: frames with a face but no hand are gesture_not_performed", async () => {
    const still = await jpeg(photo);
    const { verdict } = await engine.evaluate({
      method: "GESTURE",
      frames: [
        { bytes: still, t_ms: 0 },
        { bytes: still, t_ms: 500 },
      ],
      challenge: challenge({ method: "GESTURE", gestures: ["thumbs_up", "victory"] }),
    });
    assert.equal(verdict.reason, "gesture_not_performed");
    assert.deepEqual(verdict.per_gesture_pass, { thumbs_up: false, victory: false });
  });

  test("a challenge of another method is refused, never substituted", async () => {
    await assert.rejects(
      engine.evaluate({
        method: "FLASHING",
        frames: [{ bytes: await jpeg(photo), t_ms: 0 }],
        challenge: challenge({ method: "GESTURE", gestures: ["victory"] }),
      }),
      (error) => error instanceof AppError && error.code === "challenge_not_found",
    );
  });
});
