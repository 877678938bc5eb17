import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import {
  createSignatureEngine,
  type PreparedSignature,
  type SignatureEngine,
} from "../../../src/engines/signature/signature-engine.js";
import { decideVerdict } from "../../../src/engines/signature/signature-verdict.js";
import { createWriter, renderSignature } from "../../specimens/signatures/signature-specimens.js";

// spec: signature-verify — match when score >= threshold; review when score >= 0.75 × threshold but
// below it; otherwise mismatch; matched true only for match.
describe("signature verdict rule", () => {
  test("a score equal to the threshold is a match", () => {
    assert.equal(decideVerdict(0.62, 0.62), "match");
  });

  test("a score just below the threshold is review", () => {
    assert.equal(decideVerdict(0.6199, 0.62), "review");
  });

  test("a score at 0.75 × threshold is still review", () => {
    assert.equal(decideVerdict(0.75 * 0.8, 0.8), "review");
  });

  test("a score below 0.75 × threshold is mismatch", () => {
    assert.equal(decideVerdict(0.5999, 0.8), "mismatch");
  });
});

describe("signature-verify response", () => {
  let engine: SignatureEngine;
  let reference: PreparedSignature;
  let probe: PreparedSignature;
  let score: number;

  before(async () => {
    engine = createSignatureEngine();
    const writer = createWriter(1);
    reference = await engine.prepare(await renderSignature(writer, "genuine", 0));
    probe = await engine.prepare(await renderSignature(writer, "genuine", 1));
    score = (await engine.verify(reference, probe)).score;
  });

  test("carries score, verdict, matched, threshold and named signals only", async () => {
    const result = await engine.verify(reference, probe);
    assert.deepEqual(Object.keys(result).sort(), ["matched", "score", "signals", "threshold", "verdict"]);
    assert.equal(result.threshold, 0.62);
    assert.deepEqual(Object.keys(result.signals).sort(), [
      "ink_distribution",
      "proportions",
      "shape_overlay",
      "stroke_direction",
    ]);
    for (const value of [result.score, ...Object.values(result.signals)]) assert.ok(value >= 0 && value <= 1);
  });

  test("threshold at the score gives match and matched", async () => {
    const result = await engine.verify(reference, probe, score);
    assert.equal(result.verdict, "match");
    assert.equal(result.matched, true);
  });

  test("threshold just above the score gives review and not matched", async () => {
    const result = await engine.verify(reference, probe, score + 0.0001);
    assert.equal(result.verdict, "review");
    assert.equal(result.matched, false);
  });

  test("threshold above score / 0.75 gives mismatch", async () => {
    const result = await engine.verify(reference, probe, score / 0.75 + 0.0001);
    assert.equal(result.verdict, "mismatch");
    assert.equal(result.matched, false);
  });
});
