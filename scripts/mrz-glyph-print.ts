// How a training line is printed before the camera degrades it: on plain paper in near-black OCR-B, or,
// for half the lines, the way issuers print real zones: security print (wavy guilloche lines and rings of
// varying darkness and width) running under the characters, and the zone's own ink bold (struck twice a
// pixel or two apart), thin and grey, or normal. Tesseract fails on such print; the glyph classifier must
// read it, voting on the rows the reader reads one at a time (mrz-ink-grid.ts).
import type { Random } from "../test/specimens/seeded-random.js";

export interface GreyPage {
  data: Buffer;
  width: number;
  height: number;
}

/** A grey page: `coverage` is the text's alpha (RGBA from sharp's text renderer), placed `pad` px in. */
export function printLine(coverage: GreyPage, pad: number, random: Random): GreyPage {
  const width = coverage.width + 2 * pad;
  const height = coverage.height + 2 * pad;
  const paper = random.int(150, 250);
  const page = new Float32Array(width * height).fill(paper);
  const issuer = random.chance(0.5);
  if (issuer) drawSecurityPrint(page, width, height, paper, coverage.height, random);
  const weight = issuer ? random.pick(["bold", "thin", "normal"] as const) : "normal";
  const bold = weight === "bold" ? random.int(1, 2) : 0;
  const ink = weight === "thin" ? random.between(60, Math.min(120, paper - 60)) : random.between(10, 30);
  for (let y = 0; y < coverage.height; y++) {
    for (let x = 0; x < coverage.width; x++) {
      let a = 0;
      for (let b = 0; b <= Math.min(bold, x); b++)
        a = Math.max(a, coverage.data[(y * coverage.width + x - b) * 4 + 3]! / 255);
      const i = (y + pad) * width + x + pad;
      page[i] = page[i]! * (1 - a) + ink * a;
    }
  }
  const data = Buffer.alloc(width * height);
  for (let i = 0; i < data.length; i++) data[i] = Math.round(page[i]!);
  return { data, width, height };
}

/**
 * One to three families of sine lines and up to two sets of rings, each line with its own darkness and
 * width, drawn where the text will go; `glyph` (the text's height) scales their waves.
 */
function drawSecurityPrint(
  page: Float32Array,
  width: number,
  height: number,
  paper: number,
  glyph: number,
  random: Random,
): void {
  const darken = (i: number, shade: number, a: number) => {
    page[i] = Math.min(page[i]!, page[i]! * (1 - a) + shade * a);
  };
  const darkness = random.between(0.25, 0.75);
  const families = random.int(1, 3);
  for (let f = 0; f < families; f++) {
    const lines = random.int(4, 12);
    const period = glyph * random.between(0.8, 4);
    const amp = glyph * random.between(0.1, 0.6);
    for (let l = 0; l < lines; l++) {
      const base = random.between(0, height);
      const phase = random.between(0, Math.PI * 2);
      const half = random.between(0.4, 1.3);
      const shade = paper * (1 - darkness * random.between(0.6, 1));
      for (let x = 0; x < width; x++) {
        const y = base + amp * Math.sin((x / period) * Math.PI * 2 + phase);
        for (
          let yy = Math.max(0, Math.floor(y - half - 1));
          yy <= Math.min(height - 1, Math.ceil(y + half + 1));
          yy++
        )
          darken(yy * width + x, shade, Math.max(0, Math.min(1, half + 0.5 - Math.abs(yy - y))));
      }
    }
  }
  const rings = random.int(0, 2);
  for (let r = 0; r < rings; r++) {
    const cx = random.between(0, width);
    const cy = random.between(0, height);
    const shade = paper * (1 - darkness * 0.7);
    const step = glyph * random.between(0.15, 0.35);
    for (let radius = glyph * 0.3; radius < glyph * 3; radius += step) {
      for (let t = 0; t < Math.PI * 2; t += 0.5 / radius) {
        const x = Math.round(cx + radius * Math.cos(t));
        const y = Math.round(cy + radius * Math.sin(t));
        if (x >= 0 && x < width && y >= 0 && y < height) darken(y * width + x, shade, 1);
      }
    }
  }
}
