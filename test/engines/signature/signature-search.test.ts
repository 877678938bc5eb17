import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import {
  createSignatureEngine,
  type SignatureSample,
} from "../../../src/engines/signature/signature-engine.js";
import {
  CLEAN_PAGE,
  createScannedWriter,
  renderScanned,
} from "../../specimens/signatures/scanned-specimens.js";

const engine = createSignatureEngine();

describe("signature search (exact scan)", () => {
  const samples: SignatureSample[] = [];
  let probe: Float32Array;

  before(async () => {
    // Two enrolled samples per writer for five writers; the probe is a third genuine of writer 1.
    for (const writer of [0, 1, 2, 3, 5]) {
      for (const index of [0, 2]) {
        const image = await renderScanned(createScannedWriter(writer, 7), "genuine", index, {
          artefacts: CLEAN_PAGE,
        });
        samples.push({ id: `w${writer}-${index}`, descriptor: (await engine.prepare(image)).descriptor });
      }
    }
    const probeImage = await renderScanned(createScannedWriter(1, 7), "genuine", 1, {
      artefacts: CLEAN_PAGE,
    });
    probe = (await engine.prepare(probeImage)).descriptor;
  });

  test("the probe's writer ranks first", () => {
    const hits = engine.searchExact(probe, samples, { threshold: 0.2, topK: 50 });
    assert.deepEqual(
      hits.slice(0, 2).map((h) => h.id.split("-")[0]),
      ["w1", "w1"],
    );
  });

  test("hits come best score first", () => {
    const hits = engine.searchExact(probe, samples, { threshold: 0.2, topK: 50 });
    for (let i = 1; i < hits.length; i++) assert.ok(hits[i - 1]!.score >= hits[i]!.score);
  });

  test("no hit scores below the threshold", () => {
    const all = engine.searchExact(probe, samples, { threshold: 0.2, topK: 50 });
    const strict = engine.searchExact(probe, samples, { threshold: 0.6 });
    assert.ok(strict.length < all.length);
    for (const hit of strict) assert.ok(hit.score >= 0.6);
  });

  test("pruning loses nothing: every sample whose verify score reaches the threshold is a hit", () => {
    for (const threshold of [0.3, 0.45, 0.6]) {
      const expected = samples
        .filter((s) => engine.compare(probe, s.descriptor).score >= threshold)
        .map((s) => s.id);
      const hits = engine.searchExact(probe, samples, { threshold, topK: 50 }).map((h) => h.id);
      assert.deepEqual([...hits].sort(), [...expected].sort(), `threshold ${threshold}`);
    }
  });

  test("at most top_k hits are returned", () => {
    assert.equal(engine.searchExact(probe, samples, { threshold: 0.2, topK: 3 }).length, 3);
  });

  test("a search score equals the verify score of the same pair", () => {
    const [best] = engine.searchExact(probe, samples, { threshold: 0.2, topK: 1 });
    const sample = samples.find((s) => s.id === best!.id)!;
    assert.equal(best!.score, engine.compare(probe, sample.descriptor).score);
  });

  test("samples with another descriptor layout are skipped, not compared", () => {
    const stale = { id: "old", descriptor: new Float32Array(128).fill(0.1) };
    const hits = engine.searchExact(probe, [stale, ...samples], { threshold: 0.2, topK: 50 });
    assert.ok(hits.every((h) => h.id !== "old"));
  });
});
