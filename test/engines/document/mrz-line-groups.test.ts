// Which parallel line blobs are the machine-readable zone: the group's score prefers lines at OCR-B's
// pitch, equally thick, evenly spaced and starting in one column, over longer security-print waves and
// over a line of other print just above the zone.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { glyphLikeness, type LineBlob, pickGroup } from "../../../src/engines/document/mrz-line-groups.js";

/** A horizontal line blob from x0 to x1 at height y. */
function line(x0: number, x1: number, y: number, thickness: number, glyphLike: number): LineBlob {
  const length = x1 - x0;
  return {
    cx: (x0 + x1) / 2,
    cy: y,
    dx: 1,
    dy: 0,
    length,
    thickness,
    lo: -length / 2,
    hi: length / 2,
    glyphLike,
  };
}

describe("glyph-likeness of a line blob", () => {
  const w = 400;
  const h = 40;
  const blob = line(0, 400, 20, 20, 0);
  const mask = (inked: (x: number) => boolean) => {
    const m = new Uint8Array(w * h);
    for (let y = 12; y < 28; y++) for (let x = 0; x < w; x++) if (inked(x)) m[y * w + x] = 1;
    return m;
  };

  test("one run of ink per glyph pitch (0.7 of the line's thickness) is fully glyph-like", () => {
    assert.equal(
      glyphLikeness(
        mask((x) => x % 14 < 9),
        w,
        h,
        blob,
      ),
      1,
    );
  });

  test("under half a run per expected glyph (a thin wave smeared thick) scores far lower", () => {
    const score = glyphLikeness(
      mask((x) => x % 32 < 20),
      w,
      h,
      blob,
    );
    assert.ok(score > 0 && score < 0.5, `score ${score}`);
  });

  test("an unbroken stripe is no text at all", () => {
    assert.equal(
      glyphLikeness(
        mask(() => true),
        w,
        h,
        blob,
      ),
      0,
    );
  });
});

describe("picking the zone's lines", () => {
  test("two glyph-like lines win over three longer, thinner waves of security print", () => {
    const waves = [line(0, 1000, 400, 6, 0.35), line(0, 1000, 430, 9, 0.35), line(0, 1000, 460, 7, 0.35)];
    const zone = [line(50, 950, 633, 19, 1), line(50, 950, 685, 20, 1)];
    const group = pickGroup([...waves, ...zone]);
    assert.deepEqual(
      group?.lines.map((b) => b.cy),
      [633, 685],
    );
    assert.equal(group?.sure, true);
  });

  test("a line of print above the zone, unevenly spaced, is not taken as a third row", () => {
    const above = line(50, 900, 600, 18, 1);
    const zone = [line(50, 950, 633, 19, 1), line(50, 950, 685, 20, 1)];
    assert.deepEqual(
      pickGroup([above, ...zone])?.lines.map((b) => b.cy),
      [633, 685],
    );
  });

  test("three evenly spaced rows make a TD1 even when the names line ends early (pale fillers)", () => {
    const rows = [line(100, 712, 486, 30, 1), line(100, 655, 537, 31, 1), line(100, 535, 584, 29, 1)];
    assert.deepEqual(
      pickGroup(rows)?.lines.map((b) => b.cy),
      [486, 537, 584],
    );
  });
});
