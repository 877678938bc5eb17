import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  createSignatureEngine,
  SIGNATURE_DESCRIPTOR_LENGTH,
  SIGNATURE_DESCRIPTOR_VERSION,
} from "../../../src/engines/signature/signature-engine.js";
import {
  CLEAN_PAGE,
  createScannedWriter,
  type RenderOptions,
  renderScanned,
} from "../../specimens/signatures/scanned-specimens.js";

// A fixed, seeded handful of calibration writers (seed 7) on clean scans; bench/signature-eer.bench.ts
// measures the rates on realistic scans with artefacts. The score map sends many genuine pairs to
// review (match is kept for pairs a skilled forger rarely reaches), so the rule here is: the writer's
// own signature is never `mismatch`, another writer's is never `match`.
const REVIEW_FLOOR = 0.75 * 0.62;
const engine = createSignatureEngine();

async function describeSpecimen(writer: number, index: number, layout: RenderOptions["layout"] = {}) {
  const image = await renderScanned(createScannedWriter(writer, 7), "genuine", index, {
    artefacts: CLEAN_PAGE,
    layout,
  });
  return (await engine.prepare(image)).descriptor;
}

async function scorePair(
  writer: number,
  a: RenderOptions["layout"],
  b: RenderOptions["layout"],
): Promise<number> {
  return engine.compare(await describeSpecimen(writer, 0, a), await describeSpecimen(writer, 0, b)).score;
}

describe("signature matching", () => {
  test("a prepared signature carries a versioned fixed-length descriptor", async () => {
    const prepared = await engine.prepare(
      await renderScanned(createScannedWriter(0, 7), "genuine", 0, { artefacts: CLEAN_PAGE }),
    );
    assert.equal(prepared.descriptor.length, SIGNATURE_DESCRIPTOR_LENGTH);
    assert.equal(prepared.descriptor[0], SIGNATURE_DESCRIPTOR_VERSION);
  });

  test("a descriptor read back as a plain number array scores like the original", async () => {
    const a = await describeSpecimen(0, 0);
    const b = await describeSpecimen(0, 1);
    assert.equal(engine.compare(Array.from(a), Array.from(b)).score, engine.compare(a, b).score);
  });

  test("genuine signatures of the same writer are never mismatch", async () => {
    // Writers 0, 1 and 3 of seed 7 draw a perfectly even line: even-line.test.ts holds their rule.
    for (const writer of [2, 4, 5]) {
      const reference = await describeSpecimen(writer, 0);
      for (const index of [1, 2]) {
        const { score } = engine.compare(reference, await describeSpecimen(writer, index));
        assert.ok(score >= REVIEW_FLOOR, `writer ${writer} genuine ${index}: ${score}`);
      }
    }
  });

  test("another writer's signature (random forgery) is never match and scores below the writer's own", async () => {
    for (const writer of [0, 1, 2, 3, 4, 5]) {
      const other = (writer + 1) % 6;
      const reference = await describeSpecimen(writer, 0);
      const { score } = engine.compare(reference, await describeSpecimen(other, 0));
      const own = engine.compare(reference, await describeSpecimen(writer, 1)).score;
      assert.ok(score < 0.62 && score < own, `writer ${writer} vs ${other}: ${score} (own ${own})`);
    }
  });

  test("a skilled forgery (the shape copied slowly) is never match, and forgeries score below genuines on average", async () => {
    let forgeries = 0;
    let genuines = 0;
    for (const writer of [0, 1, 2, 3]) {
      const scanned = createScannedWriter(writer, 7);
      const reference = await describeSpecimen(writer, 0);
      const forgery = await renderScanned(scanned, "skilled_forgery", 0, { artefacts: CLEAN_PAGE });
      const { score } = engine.compare(reference, (await engine.prepare(forgery)).descriptor);
      assert.ok(score < 0.62, `writer ${writer} forgery: ${score}`);
      forgeries += score / 4;
      genuines += engine.compare(reference, await describeSpecimen(writer, 1)).score / 4;
    }
    assert.ok(forgeries < genuines, `forgeries ${forgeries}, genuines ${genuines}`);
  });

  test("the same signature written small and large is never mismatch", async () => {
    for (const writer of [0, 1, 3]) {
      const score = await scorePair(writer, { signatureWidth: 360 }, { signatureWidth: 640 });
      assert.ok(score >= REVIEW_FLOOR, `writer ${writer}: ${score}`);
    }
  });

  test("the same signature tilted -5° and +5° is never mismatch", async () => {
    for (const writer of [0, 1, 3]) {
      const score = await scorePair(writer, { rotationDeg: -5 }, { rotationDeg: 5 });
      assert.ok(score >= REVIEW_FLOOR, `writer ${writer}: ${score}`);
    }
  });

  test("the same signature with a thin and a thick pen is never mismatch", async () => {
    for (const writer of [0, 1, 3]) {
      const score = await scorePair(writer, { penPx: 2 }, { penPx: 4.2 });
      assert.ok(score >= REVIEW_FLOOR, `writer ${writer}: ${score}`);
    }
  });
});
