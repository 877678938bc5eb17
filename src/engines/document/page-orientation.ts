// A document photographed sideways, upside down or tilted further than the page's own skew estimate saw.
// The MRZ locator straightens the zone whatever its turn, but tesseract reads the page as it lies: its visual
// zone comes back as garbage, so the checks against it (names, numbers, birth date) see nothing and the issue
// date is not found. The zone's reading says which way up the document lies (the direction of the
// straightened strip in the photograph, and whether the strip was read turned half round) and how far its
// lines tilt, so the page is read once more, turned upright and straightened by the zone's tilt, only for a
// document that does not lie upright or whose page was straightened by another angle (a SPECIMEN stamp
// across the page pulls the projection estimate); the second read is kept when tesseract is surer of it.
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

/** Where a point of the photograph (fractions of its width and height) lies once it is turned clockwise by
 * `turn` degrees, as turnImage turns it. */
export function turnPoint([x, y]: [number, number], turn: number): [number, number] {
  if (turn === 90) return [1 - y, x];
  if (turn === 180) return [1 - x, 1 - y];
  if (turn === 270) return [y, 1 - x];
  return [x, y];
}

/**
 * How far the zone's lines tilt from the nearest axis of the photograph, degrees clockwise in (-45, 45]: the
 * skew that straightens the page whichever way up it lies (a quarter turn keeps it).
 */
export function zoneTilt(direction: number): number {
  const tilt = ((direction % 90) + 90) % 90;
  return tilt > 45 ? tilt - 90 : tilt;
}

/**
 * How far the page's own skew estimate may be from the zone's tilt before the page is read again. The two
 * agree to 0.1° at the median on real-style captures (the zone's angle comes from its line fit).
 */
const SKEW_AGREEMENT_DEGREES = 1;

/** The page as first read, and how to read it again. */
export interface PageReread {
  /** The skew the first read straightened the page by. */
  skewDegrees: number;
  /**
   * Reads the photograph turned clockwise by `turn` degrees, then straightened by `skewDegrees`; with the
   * located MRZ painted out unless `withZone` (as the first read was).
   */
  read(turn: number, skewDegrees: number, withZone: boolean): Promise<OcrResult>;
}

/**
 * The page read upright and straight, or null when the first read already was (no turn, a skew within
 * SKEW_AGREEMENT_DEGREES of the zone's tilt) or the new read is no surer than the first.
 */
export async function readPageUpright(
  page: OcrResult,
  turn: number,
  tilt: number,
  reread: PageReread,
  withZone: boolean,
): Promise<OcrResult | null> {
  if (turn === 0 && Math.abs(tilt - reread.skewDegrees) <= SKEW_AGREEMENT_DEGREES) return null;
  const again = await reread.read(turn, tilt, withZone);
  return again.words.length >= TURNED_MIN_WORDS && again.confidence > page.confidence ? again : null;
}
