// Unit tests of the pure judges and of the engine's caller contract (a stub face engine is allowed
// here: it is the caller's unit test, style habit 4).
import assert from "node:assert/strict";
import { test } from "node:test";
import type { FaceEngine } from "../../../src/engines/face/face-engine.js";
import { judgeGestures } from "../../../src/engines/liveness/hand-gestures.js";
import { judgeHeadActions, type PoseFrame } from "../../../src/engines/liveness/head-actions.js";
import { createLivenessEngine } from "../../../src/engines/liveness/liveness-engine.js";
import { AppError } from "../../../src/platform/errors.js";
import { blank, jpeg } from "../../specimens/liveness/raw-image.js";

/** A face-like 3D point cloud (an ellipsoid with a protruding nose), 468 points. */
function headPoints(): [number, number, number][] {
  const points: [number, number, number][] = [];
  for (let i = 0; i < 468; i++) {
    const a = (i * 2.399) % (2 * Math.PI);
    const r = Math.sqrt((i + 0.5) / 468);
    const x = 60 * r * Math.cos(a);
    const y = 80 * r * Math.sin(a);
    const nose = 40 * Math.exp(-(x * x + y * y) / 300);
    points.push([x, y, 50 * Math.sqrt(Math.max(0, 1 - r * r)) + nose]);
  }
  return points;
}

function frame(points: [number, number, number][], yawDeg: number, planar: boolean): PoseFrame {
  const yaw = (yawDeg * Math.PI) / 180;
  const projected = points.map(([x, y, z]) => {
    const depth = planar ? 0 : z;
    return [320 + x * Math.cos(yaw) + depth * Math.sin(yaw), 240 + y] as [number, number];
  });
  return { t_ms: 0, pose: { yaw: yawDeg, pitch: 0, roll: 0 }, points: projected };
}

test("a head rotating in depth completes its actions", () => {
  const head = headPoints();
  const judged = judgeHeadActions(
    [frame(head, 0, false), frame(head, -25, false), frame(head, 25, false)],
    ["turn_left", "turn_right"],
    15,
  );
  assert.equal(judged.reason, null);
  assert.deepEqual(judged.perAction, { turn_left: true, turn_right: true });
});

test("the same pose change with landmarks moving as one plane is planar_motion_detected", () => {
  const head = headPoints();
  const judged = judgeHeadActions(
    [frame(head, 0, true), frame(head, -25, true), frame(head, 25, true)],
    ["turn_left", "turn_right"],
    15,
  );
  assert.equal(judged.reason, "planar_motion_detected");
});

test("an action missing from the sequence is action_not_completed", () => {
  const head = headPoints();
  const judged = judgeHeadActions(
    [frame(head, 0, false), frame(head, -25, false)],
    ["turn_left", "turn_right"],
    15,
  );
  assert.equal(judged.reason, "action_not_completed");
  assert.deepEqual(judged.perAction, { turn_left: true, turn_right: false });
});

test("gestures count only in challenge order and beside the face", () => {
  const judged = judgeGestures(
    [
      { hasFace: true, gestures: ["victory"] },
      { hasFace: true, gestures: ["thumbs up"] },
      { hasFace: false, gestures: ["victory"] },
    ],
    ["thumbs_up", "victory"],
  );
  assert.equal(judged.reason, "gesture_not_performed");
  assert.deepEqual(judged.perGesture, { thumbs_up: true, victory: false });
});

test("a face engine that does not answer gives antispoof_unavailable, not a verdict on the image", async () => {
  const down = {
    infer: async () => {
      throw new AppError("engine_unavailable", { message: "worker crashed" });
    },
  } as unknown as FaceEngine;
  const still = await jpeg(blank(64, 64));
  const outcome = await createLivenessEngine(down).evaluate({ method: "PASSIVE", still });
  assert.equal(outcome.failure, "unavailable");
  assert.equal(outcome.verdict.reason, "antispoof_unavailable");
});
