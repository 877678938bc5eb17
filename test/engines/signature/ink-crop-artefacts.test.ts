// The ink crop on ~1,000-px scans keeps to the signature's own ink whatever the scan adds around it:
// each artefact is added on its own to the very same signature (scanned-specimens.ts draws the
// strokes and the page from separate seeds), and the ink box must stay that of the clean scan.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import sharp from "sharp";
import { cropInk } from "../../../src/engines/signature/ink-crop.js";
import {
  CLEAN_PAGE,
  createScannedWriter,
  type PageArtefacts,
  renderScanned,
} from "../../specimens/signatures/scanned-specimens.js";

const WRITERS = [createScannedWriter(1, 7), createScannedWriter(4, 99)];

async function inkBox(writer: number, artefacts: Partial<PageArtefacts>) {
  const crop = await cropInk(
    await renderScanned(WRITERS[writer]!, "genuine", 0, { artefacts: { ...CLEAN_PAGE, ...artefacts } }),
  );
  return { width: crop.mask.width, height: crop.mask.height };
}

function assertSameBox(
  clean: { width: number; height: number },
  seen: { width: number; height: number },
  what: string,
): void {
  const dw = Math.abs(seen.width - clean.width) / clean.width;
  const dh = Math.abs(seen.height - clean.height) / clean.height;
  assert.ok(
    dw <= 0.06 && dh <= 0.12,
    `${what}: ink box ${seen.width}×${seen.height}, clean ${clean.width}×${clean.height}`,
  );
}

describe("signature ink crop on real-scan artefacts", () => {
  const clean: Array<{ width: number; height: number }> = [];
  before(async () => {
    for (let w = 0; w < WRITERS.length; w++) clean.push(await inkBox(w, {}));
  });

  const cases: Array<[string, Partial<PageArtefacts>]> = [
    ["a stray scanner line near an edge", { scannerLine: true }],
    ["an underline crossing the descenders", { underline: true }],
    ["a ruled box around the signature", { box: true }],
    ["a printed caption under the signature", { printedText: true }],
    ["a purple ring stamp beside the signature", { stamp: "#7b3fa0" }],
    ["a blue ring stamp (pen-like colour) beside the signature", { stamp: "#2d3f9e" }],
    ["speckle over the page", { speckle: true }],
    ["a faint pen (ink diluted 55 % towards the paper)", { faintness: 0.55 }],
    ["blur, grain and JPEG", { blur: 1, noise: 5, jpegQuality: 60 }],
  ];
  for (const [what, artefacts] of cases) {
    test(`${what} does not change the ink box`, async () => {
      for (let w = 0; w < WRITERS.length; w++) assertSameBox(clean[w]!, await inkBox(w, artefacts), what);
    });
  }

  test("a 177×2 px scan line in a corner does not grow the crop", async () => {
    const page = await renderScanned(WRITERS[0]!, "genuine", 0, { artefacts: CLEAN_PAGE });
    const { width, height } = await sharp(page).metadata();
    const line = await sharp({ create: { width: 177, height: 2, channels: 3, background: "#1e1e1e" } })
      .png()
      .toBuffer();
    const withLine = await sharp(page)
      .composite([{ input: line, left: width! - 190, top: height! - 9 }])
      .png()
      .toBuffer();
    assertSameBox(clean[0]!, (await cropInk(withLine)).mask, "corner line");
  });

  test("a filled blob (stamp pad smudge) away from the signature is left out", async () => {
    const page = await renderScanned(WRITERS[1]!, "genuine", 0, { artefacts: CLEAN_PAGE });
    const blob = await sharp({ create: { width: 60, height: 45, channels: 3, background: "#303030" } })
      .png()
      .toBuffer();
    const withBlob = await sharp(page)
      .composite([{ input: blob, left: 20, top: 20 }])
      .png()
      .toBuffer();
    assertSameBox(clean[1]!, (await cropInk(withBlob)).mask, "blob");
  });

  test("a compact, round handwritten signature is not taken for a ring stamp", async () => {
    // Seed 7 writer 10's second forgery: a faint, compact "Aelm" whose pieces look ring-like in outline.
    const crop = await cropInk(await renderScanned(createScannedWriter(10, 7), "skilled_forgery", 1));
    assert.ok(crop.mask.width > 200 && crop.mask.height > 120, `${crop.mask.width}×${crop.mask.height}`);
  });

  test("a printed caption whose words the dilation merges into one line is left out", async () => {
    // Seed 7 writer 0's fourth genuine: the caption sits close under the descenders and reads as one
    // wide component, not as three or more words.
    const writer = createScannedWriter(0, 7);
    const scanned = await cropInk(await renderScanned(writer, "genuine", 3));
    const clean = await cropInk(await renderScanned(writer, "genuine", 3, { artefacts: CLEAN_PAGE }));
    assertSameBox(clean.mask, scanned.mask, "merged caption");
  });
});
