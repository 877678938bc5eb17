// A document photographed sideways or upside down. The MRZ locator straightens the zone whatever its
// turn, but tesseract reads the page as it lies: its visual zone comes back as garbage, so the checks
// against it (names, numbers, birth date) see nothing and the issue date is not found. The zone's reading
// says which way up the document lies (the direction of the straightened strip in the photograph, and
// whether the strip was read turned half round), so the page is read once more, turned upright, only
// for a document that does not lie upright; the turned read is kept when tesseract is surer of it.
import sharp from "sharp";
import type { OcrResult } from "../ocr/ocr-engine.js";

/**
 * The clockwise quarter turns (0, 90, 180 or 270 degrees) that bring the document upright, from the
 * direction its straightened zone runs in the photograph (degrees clockwise, see LocatedMrz.direction)
 * and whether the strip was read turned half round.
 */
export function pageTurn(direction: number, upsideDown: boolean): number {
  const reading = direction + (upsideDown ? 180 : 0);
  return (((Math.round(-reading / 90) * 90) % 360) + 360) % 360;
}

/** Fewest words a turned read needs before it can replace the page read as it lies. */
const TURNED_MIN_WORDS = 5;

/** Long side the turned copy is kept at: the page is read 1,600 px wide. */
const TURNED_MAX = 2400;

/** The photograph turned clockwise by `turn` degrees (EXIF orientation applied first), as a JPEG. */
export function turnImage(image: Buffer, turn: number): Promise<Buffer> {
  return sharp(image, { failOn: "none" })
    .autoOrient()
    .rotate(turn)
    .resize(TURNED_MAX, TURNED_MAX, { fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/**
 * The page read turned upright, or null when the document lies upright already or the turned read is
 * no surer than the page as it lies. `readTurned` reads the photograph turned by so many degrees.
 */
export async function readPageTurned(
  page: OcrResult,
  turn: number,
  readTurned: (turn: number) => Promise<OcrResult>,
): Promise<OcrResult | null> {
  if (turn === 0) return null;
  const turned = await readTurned(turn);
  return turned.words.length >= TURNED_MIN_WORDS && turned.confidence > page.confidence ? turned : null;
}
