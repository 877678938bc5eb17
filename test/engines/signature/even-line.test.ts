import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createSignatureEngine } from "../../../src/engines/signature/signature-engine.js";
import {
  CLEAN_PAGE,
  createScannedWriter,
  renderScanned,
} from "../../specimens/signatures/scanned-specimens.js";
import { createWriter, renderSignature } from "../../specimens/signatures/signature-specimens.js";

// A copy is slow compared with the writer's own hand, not slow in itself: a signature drawn at
// constant width and ink (on a tablet, or with a gel pen at steady pressure) must not read as a copy
// of the same writer's equally even signature. Such pairs carry no pen cue either way, so they sit in
// review, not mismatch (which is for pairs the writer rarely produces).
const REVIEW_FLOOR = 0.75 * 0.62;
/** Far under the review band: where another writer's signature lands, never the writer's own. */
const DEEP_MISMATCH = 0.4;
const engine = createSignatureEngine();

async function describeImage(image: Buffer) {
  return (await engine.prepare(image)).descriptor;
}

describe("even-line signatures", () => {
  test("constant-width signatures of the same writer reach review on average and never sink deep", async () => {
    // The older clean generator draws every stroke at one width and colour.
    const scores: number[] = [];
    for (let id = 0; id < 6; id++) {
      const writer = createWriter(id);
      const reference = await describeImage(await renderSignature(writer, "genuine", 0));
      for (const index of [1, 2]) {
        const probe = await describeImage(await renderSignature(writer, "genuine", index));
        scores.push(engine.compare(reference, probe).score);
      }
    }
    const mean = scores.reduce((sum, s) => sum + s, 0) / scores.length;
    assert.ok(mean >= REVIEW_FLOOR, `mean ${mean.toFixed(3)} of ${scores.map((s) => s.toFixed(3))}`);
    for (const score of scores) assert.ok(score >= DEEP_MISMATCH, `a genuine pair at ${score}`);
  });

  test("a scanned writer who signs with a perfectly even line is not taken for a slow copy", async () => {
    // Writers 0, 1 and 3 of seed 7 are even-line writers (pen-dynamics.ts: `even`).
    const scores: number[] = [];
    for (const id of [0, 1, 3]) {
      const writer = createScannedWriter(id, 7);
      assert.ok(writer.habits.even, `writer ${id} draws an even line`);
      const render = (index: number) => renderScanned(writer, "genuine", index, { artefacts: CLEAN_PAGE });
      const reference = await describeImage(await render(0));
      for (const index of [1, 2, 3]) {
        scores.push(engine.compare(reference, await describeImage(await render(index))).score);
      }
    }
    const mean = scores.reduce((sum, s) => sum + s, 0) / scores.length;
    assert.ok(mean >= REVIEW_FLOOR, `mean ${mean.toFixed(3)} of ${scores.map((s) => s.toFixed(3))}`);
    for (const score of scores) assert.ok(score >= DEEP_MISMATCH, `a genuine pair at ${score}`);
  });
});
