// Training cells for the MRZ glyph classifier rendered straight from the OCR-B font: random MRZ-like
// lines drawn by sharp's text renderer (its output is the text's advance width, so the column grid is
// known exactly), then degraded as a camera and the reader's own resampling would (scale, blur, noise,
// JPEG, contrast) and read through a jittered grid (the reader's grid is an estimate). Clean labels, and
// thousands of cells a second, beside the cells the real pipeline yields.
import sharp from "sharp";
import { glyphFeatures } from "../src/engines/document/mrz-glyphs/glyph-features.js";
import { GLYPH_CLASSES } from "../src/engines/document/mrz-glyphs/glyph-model.js";
import type { SizedReading } from "../src/engines/document/mrz-grid.js";
import type { Random } from "../test/specimens/seeded-random.js";

const OCR_B = "/usr/share/fonts/opentype/ocr-b/OCRB.otf";

export interface GlyphSample {
  x: Float32Array;
  y: number;
}

function randomLine(random: Random, length: number): string {
  let line = "";
  while (line.length < length) {
    // Runs of fillers and letters as MRZs have them, digits in blocks.
    const kind = random.next();
    const run = random.int(1, 6);
    for (let i = 0; i < run; i++) {
      if (kind < 0.35) line += "<";
      else if (kind < 0.7) line += GLYPH_CLASSES[random.int(0, 25)];
      else line += GLYPH_CLASSES[random.int(26, 35)];
    }
  }
  return line.slice(0, length);
}

/** One rendered, degraded line and its cells' features. */
export async function renderLineSamples(random: Random): Promise<GlyphSample[]> {
  const length = random.pick([30, 36, 44]);
  const text = randomLine(random, length);
  const size = random.between(20, 44);
  // sharp crops its text output to the ink, so the grid comes from a bracketing `I` on each side (its ink
  // is centred in its cell): the I's centres are one pitch before the first cell's and after the last's.
  const render = (t: string) =>
    sharp({
      text: {
        text: `<span foreground="#111">${t.replace(/</g, "&lt;")}</span>`,
        fontfile: OCR_B,
        font: `OCR B ${size.toFixed(1)}`,
        dpi: 72,
        rgba: true,
      },
    })
      .raw()
      .toBuffer({ resolveWithObject: true });
  const { info: bar } = await render("I");
  const { data, info } = await render(`I${text}I`);
  const basePitch = (info.width - bar.width) / (length + 1);
  const firstLeft = bar.width / 2 + basePitch / 2;
  const pad = Math.round(size * 0.6);
  const scale = random.between(0.6, 1.3);
  const blur = random.next() < 0.4 ? 0 : random.between(0.4, 1.6);
  const paper = random.int(150, 250);
  // sharp resizes before it extends whatever the call order: extend in a pass of its own.
  const padded = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .flatten({ background: { r: paper, g: paper, b: paper } })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: paper, g: paper, b: paper } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  let pipeline = sharp(padded).resize({ width: Math.round((info.width + 2 * pad) * scale) });
  if (blur > 0.3) pipeline = pipeline.blur(blur);
  const jpeg = await pipeline
    .greyscale()
    .jpeg({ quality: random.int(35, 92) })
    .toBuffer();
  const grey = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
  const noise = random.between(0, 14);
  const buf = Buffer.from(grey.data);
  for (let i = 0; i < buf.length; i++)
    buf[i] = Math.max(0, Math.min(255, buf[i]! + (random.next() - 0.5) * 2 * noise));
  const pitch = basePitch * scale * random.between(0.995, 1.005);
  const top = (pad + random.between(-0.1, 0.1) * info.height) * scale;
  const bottom = (pad + info.height * random.between(0.92, 1.08)) * scale;
  const left = (pad + firstLeft) * scale + random.between(-0.15, 0.15) * pitch;
  const reading: SizedReading = {
    rows: [[]],
    columns: length,
    grey: { data: buf, width: grey.info.width, height: grey.info.height },
    grid: { left, pitch, rows: [{ top, bottom, left, pitch }] },
    symbols: [[]],
  };
  return [...text].map((c, col) => ({ x: glyphFeatures(reading, 0, col), y: GLYPH_CLASSES.indexOf(c) }));
}
