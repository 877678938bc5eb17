// The word SPECIMEN (or the issuer's own word for it) overprinted across a document, as almost every
// published specimen of a real passport, card or visa carries it: large, slanted, in red, blue or grey,
// either printed on the paper (its ink multiplies with what lies under it: black stays black) or laid over
// a scan as a translucent layer (the zone's black ink turns the stamp's colour under it). Where it falls
// is drawn: across the visual zone, the portrait or the machine-readable zone.
import sharp from "sharp";
import type { Random } from "../seeded-random.js";
import { renderText } from "./canvas.js";

const WORDS = ["SPECIMEN", "SPECIMEN", "SPECIMEN", "MUSTER", "MODELO", "SPÉCIMEN", "NÄYTE"];
const COLOURS = ["#c81e1e", "#d23c32", "#b4141e", "#1e3cb4", "#3c3c3c", "#e0501e"];

export async function overprintSpecimen(png: Buffer, random: Random): Promise<Buffer> {
  const { width, height } = await sharp(png).metadata();
  const w = width!;
  const h = height!;
  const size = Math.round(h * random.between(0.12, 0.24));
  const text = await renderText(random.pick(WORDS), {
    font: "sansBold",
    size,
    color: random.pick(COLOURS),
  });
  const printed = random.chance(0.5);
  const opacity = printed ? random.between(0.7, 0.95) : random.between(0.3, 0.6);
  const angle = random.between(-32, 32);
  // Rotated on a transparent ground, made translucent, and cut to fit the page.
  const layer = await sharp(text.data)
    .rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  const faded = await sharp(layer.data)
    .composite([
      {
        input: Buffer.from([255, 255, 255, Math.round(255 * opacity)]),
        raw: { width: 1, height: 1, channels: 4 },
        tile: true,
        blend: "dest-in",
      },
    ])
    .png()
    .toBuffer();
  const fit = await sharp(faded)
    .resize(Math.min(layer.info.width, w), Math.min(layer.info.height, h), { fit: "inside" })
    .png()
    .toBuffer({ resolveWithObject: true });
  const left = random.int(0, w - fit.info.width);
  // Centred anywhere from the upper third to the zone at the bottom.
  const centre = random.between(0.35, 0.95) * h;
  const top = Math.round(Math.min(h - fit.info.height, Math.max(0, centre - fit.info.height / 2)));
  return sharp(png)
    .composite([{ input: fit.data, left, top, blend: printed ? "multiply" : "over" }])
    .png()
    .toBuffer();
}
