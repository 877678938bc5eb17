// The reader's second chances, on real renderings read by the real tesseract.js engine: a zone whose grid
// starts a cell off, a character every size of tesseract misreads that the OCR-B classifier is sure of,
// a row the classifier sees the wrong pixels of, a character its column cannot hold, and a zone whose
// strip shows the desk. Seeds 1000+ (the development set).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { MRZ_LAYOUTS } from "../../../src/engines/document/mrz-formats.js";
import { classifyCells } from "../../../src/engines/document/mrz-glyphs/classify-cells.js";
import { type SizedReading, shiftRowGrid } from "../../../src/engines/document/mrz-grid.js";
import { locateMrz } from "../../../src/engines/document/mrz-locate.js";
import {
  confirmedAtOneSize,
  readLocatedGrids,
  readMrzFromGrids,
} from "../../../src/engines/document/mrz-reader.js";
import { settleFromSeen } from "../../../src/engines/document/mrz-repair.js";
import { strokeStrip } from "../../../src/engines/document/mrz-strokes.js";
import type { OcrEngine } from "../../../src/engines/ocr/ocr-engine.js";
import { createTesseractOcrEngine } from "../../../src/engines/ocr/tesseract-ocr-engine.js";
import { renderText } from "../../specimens/documents/canvas.js";
import { generateMrzSpecimen } from "../../specimens/documents/mrz-specimen.js";

const TODAY = "2026-11-24";
let ocr: OcrEngine;
let grids: SizedReading[];
let truth: string[];

before(async () => {
  ocr = createTesseractOcrEngine();
  const specimen = await generateMrzSpecimen("TD3", 1001, "scan");
  truth = specimen.mrz;
  const located = await locateMrz(specimen.image);
  assert.ok(located, "zone found");
  grids = await readLocatedGrids(ocr, located);
  assert.ok(grids.length > 0);
});

after(async () => {
  await ocr.close();
});

const text = (r: SizedReading) => r.rows.map((cells) => cells.map((c) => c.char).join(""));

describe("rows moved by whole cells", () => {
  test("the read zone is exact as it stands", () => {
    assert.deepEqual(readMrzFromGrids(grids, TODAY)?.lines, truth);
  });

  test("a zone whose grid starts a cell late or early is read exactly by moving its rows back", () => {
    for (const shift of [1, -1]) {
      const off = grids.map((g) => g.rows.reduce((r, _, row) => shiftRowGrid(r, row, shift), g));
      // Every character sits a column off: the first line no longer starts with the document code.
      assert.notEqual(text(off.at(-1)!)[1], text(grids.at(-1)!)[1]);
      const read = readMrzFromGrids(off, TODAY);
      assert.deepEqual(read?.lines, truth, `shift ${shift}`);
      assert.equal(read?.valid, true);
    }
  });

  test("moving a row re-snaps its symbols: a cell's character moves to the next column", () => {
    const g = grids.at(-1)!;
    const moved = shiftRowGrid(g, 1, 1);
    assert.equal(text(moved)[1]!.slice(6, 20), text(g)[1]!.slice(5, 19));
    assert.equal(moved.grid.rows[1]!.left, g.grid.rows[1]!.left - g.grid.rows[1]!.pitch);
    assert.deepEqual(moved.rows[0], g.rows[0]);
  });
});

describe("the glyph classifier against tesseract", () => {
  /** A name cell inside the first line the classifier reads, sure of it, as printed. */
  function certainNameCell(): number {
    const glyphs = classifyCells(grids.at(-1)!);
    for (let col = 6; col < 20; col++) {
      const vote = glyphs[0]![col]!.vote;
      if (vote && vote.probability >= 0.99 && vote.char === truth[0]![col] && vote.char !== "<") return col;
    }
    throw new Error("no certain name cell");
  }

  test("a letter every size misread (Q read as A) is outvoted by the classifier sure of it", () => {
    const col = certainNameCell();
    const wrong = truth[0]![col] === "A" ? "R" : "A";
    const misread = grids.map((g) => {
      const rows = g.rows.map((cells) => cells.map((c) => ({ ...c })));
      rows[0]![col] = { char: wrong, confidence: 95 };
      return { ...g, rows };
    });
    assert.deepEqual(readMrzFromGrids(misread, TODAY)?.lines, truth);
  });

  test("a row whose band shows the classifier other pixels keeps tesseract's reading", () => {
    // The classifier's grid (the last size) looks at the second line's band for the first line.
    const last = grids.at(-1)!;
    const rowsGrid = [...last.grid.rows];
    rowsGrid[0] = { ...rowsGrid[1]!, left: rowsGrid[0]!.left, pitch: rowsGrid[0]!.pitch };
    const skewed = [...grids.slice(0, -1), { ...last, grid: { ...last.grid, rows: rowsGrid } }];
    const glyphs = classifyCells(skewed.at(-1)!);
    const differs = glyphs[0]!.filter((g, col) => g.vote && g.vote.char !== truth[0]![col]).length;
    assert.ok(differs > 10, `the classifier misreads the row (${differs} cells)`);
    assert.deepEqual(readMrzFromGrids(skewed, TODAY)?.lines, truth);
  });
});

describe("the document code's second character", () => {
  test("a filler every size read as a letter (E, A over security print) is restored by the classifier", () => {
    assert.equal(truth[0]![1], "<");
    const misread = grids.map((g, i) => {
      const rows = g.rows.map((cells) => cells.map((c) => ({ ...c })));
      rows[0]![1] = { char: i === 0 ? "A" : "E", confidence: 88 };
      return { ...g, rows };
    });
    assert.deepEqual(readMrzFromGrids(misread, TODAY)?.lines, truth);
  });
});

describe("one size alone", () => {
  test("a reading whose checks hold and whose every cell the classifier confirms needs no other size", () => {
    const read = confirmedAtOneSize(grids[1]!, TODAY);
    assert.deepEqual(read?.lines, truth);
    assert.equal(read?.valid, true);
  });

  test("a name letter misread at that size, where the classifier is unsure, sends it to every size", () => {
    const g = grids[1]!;
    // A name cell (no check digit guards it) the classifier cannot be sure of: its glyph faded to 15 % of
    // its contrast, as worn print leaves it. (The strip as located is clean enough that it is sure of
    // every cell.)
    const col = [...truth[0]!].findIndex((c, i) => i > 5 && /[A-Z]/.test(c));
    const { left, pitch, top, bottom } = g.grid.rows[0]!;
    const data = Buffer.from(g.grey.data);
    for (let y = Math.max(0, Math.floor(top)); y < Math.min(g.grey.height, Math.ceil(bottom)); y++) {
      for (let x = Math.floor(left + col * pitch); x < Math.ceil(left + (col + 1) * pitch); x++) {
        const i = y * g.grey.width + x;
        data[i] = Math.round(255 - (255 - g.grey.data[i]!) * 0.15);
      }
    }
    const faded = { ...g, grey: { ...g.grey, data } };
    assert.equal(classifyCells(faded)[0]![col]!.vote, null, "the classifier is unsure of the cell");
    const rows = g.rows.map((cells) => cells.map((c) => ({ ...c })));
    rows[0]![col] = { char: truth[0]![col] === "A" ? "R" : "A", confidence: 60 };
    assert.equal(confirmedAtOneSize({ ...faded, rows }, TODAY), null);
  });

  test("a name letter misread at that size but certain to the classifier is read right", () => {
    const g = grids[1]!;
    const glyphs = classifyCells(g);
    const col = [...truth[0]!].findIndex(
      (c, i) => i > 5 && c !== "<" && (glyphs[0]![i]!.vote?.probability ?? 0) >= 0.99,
    );
    const rows = g.rows.map((cells) => cells.map((c) => ({ ...c })));
    rows[0]![col] = { char: truth[0]![col] === "A" ? "R" : "A", confidence: 95 };
    assert.deepEqual(confirmedAtOneSize({ ...g, rows }, TODAY)?.lines, truth);
  });
});

describe("characters a column cannot hold", () => {
  test("a digit in a name takes the letter another reading saw there", () => {
    const lines = [
      "P<UTOERIKS7ON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
      "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
    ];
    const seen = (row: number, col: number) => (row === 0 && col === 10 ? ["7", "S"] : []);
    const settled = settleFromSeen(lines, MRZ_LAYOUTS.TD3, seen);
    assert.equal(settled[0], "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<");
    assert.equal(settled[1], lines[1]);
  });

  test("without a reading the column can hold, the character stays", () => {
    const lines = [
      "P<UTOERIKS7ON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
      "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
    ];
    assert.deepEqual(
      settleFromSeen(lines, MRZ_LAYOUTS.TD3, () => ["7"]),
      lines,
    );
  });
});

describe("the zone's strokes alone", () => {
  test("a desk in the strip turns white, the OCR-B strokes stay black", async () => {
    const line = await renderText("P<UTOERIKSSON<<ANNA", { font: "ocrb", size: 40, color: "#151515" });
    const width = line.width + 40;
    const height = 120;
    // Card (light, with shading) above, the desk (dark) in the strip's lower third.
    const base = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const v = y >= 80 ? 55 : 225 - Math.round((x / width) * 40);
        base.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
      }
    }
    const png = await sharp(base, { raw: { width, height, channels: 3 } })
      .composite([{ input: line.data, left: 20, top: 10 }])
      .png()
      .toBuffer();
    const strokes = await strokeStrip(png, 40);
    const { data, info } = await sharp(strokes).greyscale().raw().toBuffer({ resolveWithObject: true });
    let desk = 0;
    let deskN = 0;
    for (let y = 90; y < height; y++) {
      for (let x = 20; x < info.width - 20; x++) {
        desk += data[y * info.width + x]!;
        deskN++;
      }
    }
    assert.ok(desk / deskN > 235, `desk ${desk / deskN}`);
    let darkest = 255;
    for (let y = 10; y < 70; y++)
      for (let x = 20; x < 200; x++) darkest = Math.min(darkest, data[y * info.width + x]!);
    assert.ok(darkest < 40, `strokes ${darkest}`);
    // Tesseract reads the strip of strokes as it reads the original.
    const read = await ocr.recognize(strokes, { psm: "block", whitelist: "ABCDEFGHIJKLMNOPQRSTUVWXYZ<" });
    assert.match(read.text.replace(/\s/g, ""), /ERIKSSON/);
  });
});
