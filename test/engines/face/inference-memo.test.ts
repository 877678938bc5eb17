import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { createFaceEngine, type FaceEngine } from "../../../src/engines/face/face-engine.js";
import { InferenceMemo } from "../../../src/engines/face/inference-memo.js";
import type {
  FaceImage,
  FaceInferenceRequest,
  FaceInferenceResult,
} from "../../../src/engines/face/inference-protocol.js";
import { decodeFrame } from "../../../src/engines/liveness/frame-analysis.js";

const DATA = new URL("../../../../shared/data/faces/deepface/", import.meta.url);

function pixels(seed: number): FaceImage {
  const data = new Uint8Array(64 * 48 * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 31 + seed * 7) % 251;
  return { data, width: 64, height: 48 };
}

function judged(faces: number): FaceInferenceResult {
  return {
    width: 64,
    height: 48,
    faces: Array.from({ length: faces }, (_, i) => ({
      box: { x: i, y: 2, width: 20, height: 24 },
      score: 0.9,
      pose: null,
      embedding: new Float32Array([0.6, 0.8]),
      age: 31,
      blur: 120,
      antispoof: 0.8,
      liveness: 0.7,
      mesh: [[1, 2, 3]],
    })),
    hands: [],
    gestures: [],
    timings: { detect: 40 },
  };
}

const STILL_WANTS = {
  antispoof: true,
  liveness: true,
  mesh: true,
  embedding: true,
  age: true,
  quality: true,
};

describe("inference memo", () => {
  test("a kept inference answers a later request of the same pixels with only what that request asks", () => {
    const memo = new InferenceMemo();
    memo.keep({ image: pixels(1), want: STILL_WANTS, maxFaces: 3 }, judged(1));
    const answer = memo.recall({ image: pixels(1), want: { embedding: true, age: true, quality: true } });
    assert.ok(answer);
    const [face] = answer.faces;
    assert.deepEqual(Object.keys(face ?? {}).sort(), ["age", "blur", "box", "embedding", "pose", "score"]);
    assert.deepEqual(face?.embedding, new Float32Array([0.6, 0.8]));
  });

  test("other pixels, or a question the kept inference did not compute, go to the models", () => {
    const memo = new InferenceMemo();
    memo.keep({ image: pixels(1), want: { mesh: true, embedding: true }, maxFaces: 3 }, judged(1));
    const changed = pixels(1);
    changed.data[1000] = (changed.data[1000] as number) ^ 1;
    assert.equal(memo.recall({ image: changed, want: { embedding: true } }), null);
    assert.equal(memo.recall({ image: pixels(1), want: { embedding: true, age: true } }), null);
    assert.equal(memo.recall({ image: pixels(1), want: { mesh: true, iris: true } }), null);
  });

  test("a search limited to fewer faces answers a larger limit only when it found fewer than its limit", () => {
    const memo = new InferenceMemo();
    memo.keep({ image: pixels(1), want: STILL_WANTS, maxFaces: 3 }, judged(2));
    memo.keep({ image: pixels(2), want: STILL_WANTS, maxFaces: 3 }, judged(3));
    const asked = (image: FaceImage): FaceInferenceRequest => ({ image, want: { mesh: true }, maxFaces: 10 });
    assert.equal(memo.recall(asked(pixels(1)))?.faces.length, 2);
    assert.equal(memo.recall(asked(pixels(2))), null);
    assert.equal(memo.recall({ image: pixels(2), want: { mesh: true }, maxFaces: 3 })?.faces.length, 3);
  });

  test("an inference is kept for a while, and at most so many", () => {
    let now = 0;
    const memo = new InferenceMemo({ capacity: 2, maxAgeMs: 1000, now: () => now });
    for (const seed of [1, 2, 3]) memo.keep({ image: pixels(seed), want: { mesh: true } }, judged(1));
    assert.equal(memo.recall({ image: pixels(1), want: { mesh: true } }), null);
    assert.ok(memo.recall({ image: pixels(3), want: { mesh: true } }));
    now = 1001;
    assert.equal(memo.recall({ image: pixels(3), want: { mesh: true } }), null);
  });
});

describe("face engine with a kept selfie", () => {
  let face: FaceEngine;
  before(async () => {
    face = await createFaceEngine({ size: 1 });
  });
  after(() => face.close());

  test("finish's analysis of the selfie the liveness step kept is the models' own answer", async () => {
    const selfie = await decodeFrame(await readFile(new URL("img21.jpg", DATA)));
    const fromModels = await face.analyzeWithMesh(selfie);
    await face.infer({ image: selfie, want: STILL_WANTS, maxFaces: 3 }, { keep: true });
    const fromMemo = await face.analyzeWithMesh({ ...selfie, data: Uint8Array.from(selfie.data) });
    assert.deepEqual(fromMemo, fromModels);
    const again = await face.infer({ image: selfie, want: { embedding: true, mesh: true } });
    assert.deepEqual(again.timings, {}, "answered without running the models");
  });
});
