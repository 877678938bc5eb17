// The OCR-free MRZ locator on documents printed the real way (security print under the zone, text just
// above it, the zone near the card's edge), and its stroke measure on synthetic pixels.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import sharp from "sharp";
import { blackHat, locateMrz } from "../../../src/engines/document/mrz-locate.js";
import { generateMrzSpecimen } from "../../specimens/documents/mrz-specimen.js";

describe("stroke measure (black-hat)", () => {
  test("a thin dark stroke stands out; a step from card to desk and a pale line do not", () => {
    const width = 60;
    const height = 40;
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let v = x < 40 ? 230 : 90; // card, then desk
        if (x >= 10 && x < 13) v = 40; // a printed stroke
        if (x >= 25 && x < 27) v = 205; // a pale security-print line
        data[y * width + x] = v;
      }
    }
    const hat = blackHat({ data, width, height }, 4);
    const at = (x: number) => hat[20 * width + x]!;
    assert.ok(at(11) > 0.6, `stroke ${at(11)}`);
    assert.ok(at(26) < 0.15, `pale line ${at(26)}`);
    assert.ok(at(41) < 0.05 && at(39) < 0.05, `edge ${at(39)} ${at(41)}`);
  });
});

describe("locating the zone on real-style print", () => {
  for (const [format, seed, condition] of [
    ["TD3", 1000, "photo"],
    ["TD1", 1000, "scan"],
    ["TD2", 1012, "handheld"],
  ] as const) {
    test(`${format} ${condition}: the zone's ${format === "TD1" ? 3 : 2} lines are found and straightened`, async () => {
      const specimen = await generateMrzSpecimen(format, seed, condition, { real: true });
      const located = await locateMrz(specimen.image);
      assert.ok(located, "zone found");
      assert.equal(located.lines, specimen.mrz.length);
      const meta = await sharp(located.png).metadata();
      // Straightened: the strip is far wider than tall, about a line's length of characters wide.
      assert.ok((meta.width ?? 0) > 6 * (meta.height ?? 1));
    });
  }
});

describe("stripes are not text", () => {
  test("a document on a screen's scan-line stripes: the zone is found, not the stripes", async () => {
    const specimen = await generateMrzSpecimen("TD3", 1004, "scan", { real: true });
    const meta = await sharp(specimen.clean).metadata();
    const docW = meta.width ?? 0;
    const docH = meta.height ?? 0;
    const width = docW + 500;
    const height = docH + 360;
    // The desk: long dark stripes every 9 px, longer than the zone's lines and as evenly spaced.
    const desk = Buffer.alloc(width * height);
    for (let y = 0; y < height; y++) desk.fill(y % 9 < 3 ? 60 : 150, y * width, (y + 1) * width);
    const image = await sharp(desk, { raw: { width, height, channels: 1 } })
      .composite([{ input: specimen.clean, left: 250, top: 180 }])
      .jpeg({ quality: 85 })
      .toBuffer();
    const located = await locateMrz(image);
    assert.ok(located, "zone found");
    assert.equal(located.lines, 2);
    const strip = await sharp(located.png).metadata();
    // About 44 characters by two lines, not a stripe running across the whole photograph.
    const aspect = (strip.width ?? 0) / (strip.height ?? 1);
    assert.ok(aspect > 6 && aspect < 20, `aspect ${aspect}`);
  });
});

describe("thin grey print over dark security print (hard print)", () => {
  // The first depth that gave any group used to win: here the pattern's waves (three long, thin,
  // evenly spaced lines) or the zone without its names line.
  for (const [format, seed] of [
    ["TD3", 1001],
    ["TD1", 1000],
  ] as const) {
    test(`${format} scan: the zone's own ${format === "TD1" ? 3 : 2} lines are found, not the pattern`, async () => {
      const specimen = await generateMrzSpecimen(format, seed, "scan", { hard: true });
      const located = await locateMrz(specimen.image);
      assert.ok(located, "zone found");
      assert.equal(located.lines, specimen.mrz.length);
    });
  }
});
