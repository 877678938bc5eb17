// A row's own grid: a row whose pitch is off from the zone's by a few percent (what straightening a
// screen capture leaves) drifts a whole cell over 44 columns; the fitted grid follows it, so every
// symbol lands in its own column.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  fitRowGrid,
  runsPastRowEnd,
  type SizedReading,
  snapToGrid,
} from "../../../src/engines/document/mrz-grid.js";
import type { OcrSymbol } from "../../../src/engines/ocr/ocr-engine.js";

const LINE = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<";

function symbols(left: number, pitch: number): OcrSymbol[] {
  return [...LINE].map((text, k) => ({
    text,
    confidence: 90,
    box: { x: left + k * pitch + pitch * 0.2, y: 0, width: pitch * 0.6, height: 40 },
  }));
}

test("a row whose pitch is 2.5 % longer than the zone's is read cell for cell", () => {
  const zonePitch = 28;
  const row = symbols(10, zonePitch * 1.025);
  // On the zone's own pitch the row's far end has drifted a whole cell.
  const unfitted = snapToGrid(row, { left: 10, pitch: zonePitch }, LINE.length);
  assert.notEqual(unfitted.map((c) => c.char).join(""), LINE);
  const grid = fitRowGrid(row, 10, zonePitch, LINE.length);
  assert.ok(Math.abs(grid.pitch / zonePitch - 1.025) < 0.005, `pitch ${grid.pitch}`);
  assert.equal(
    snapToGrid(row, grid, LINE.length)
      .map((c) => c.char)
      .join(""),
    LINE,
  );
});

test("a row on the zone's pitch keeps it", () => {
  const grid = fitRowGrid(symbols(10, 28), 10, 28, LINE.length);
  assert.ok(Math.abs(grid.pitch - 28) < 0.05, `pitch ${grid.pitch}`);
});

/** A one-row reading of `row` on the grid (`left`, `pitch`). */
function reading(row: OcrSymbol[], left: number, pitch: number): SizedReading {
  return {
    rows: [snapToGrid(row, { left, pitch }, LINE.length)],
    columns: LINE.length,
    grey: { data: Buffer.alloc(0), width: 0, height: 0 },
    grid: { left, pitch, rows: [{ top: 0, bottom: 40, left, pitch }] },
    symbols: [row],
  };
}

test("a row standing a cell further on than its grid runs past the grid's end", () => {
  // The glyphs from one cell in to one cell beyond: a sheared row, its first cell empty.
  assert.equal(runsPastRowEnd(reading(symbols(38, 28), 10, 28), 0), true);
  // A first glyph tesseract did not read leaves the first cell empty too, but nothing beyond the end.
  assert.equal(runsPastRowEnd(reading(symbols(10, 28).slice(1), 10, 28), 0), false);
  assert.equal(runsPastRowEnd(reading(symbols(10, 28), 10, 28), 0), false);
});
