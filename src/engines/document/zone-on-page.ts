// The located MRZ on the prepared page: whether the page's crop holds it, and the page as tesseract reads it
// for the visual zone with the zone painted out. When the zone's strip read it surely (mrz-reader.ts
// `confirmedAtOneSize`) the page's own reading of those lines adds nothing, and its two or three full-width
// lines, with the security print under them, were a quarter to a half of the page read's time (issue 18:
// 486 → 356 ms a page on the decision bench's passports). A strip read less surely keeps them on the page:
// their tokens are a second opinion on the names for the visual-zone repairs (mrz-document-reader.ts).
import { greyPng, type PreparedImage, photoPointOnPage } from "../ocr/preprocess.js";

/** Paper, as the prepared page (contrast stretched) shows it. */
const PAPER = 255;

/** How far outside the page a corner of the zone may lie, as a share of the page's width: a tight crop
 * of a handheld card shaves the zone's margin (up to 5 % on real-style development captures). */
const CUT_TOLERANCE = 0.08;

/**
 * Whether the page's crop holds the located zone (`corners` as in LocatedMrz). The document box is found
 * against the colour of the frame's border; on a scan the document fills, that border is the card's own
 * paper, and a coloured security band or a SPECIMEN stamp lower down was taken for the card (4 of 12
 * stamped development scans were cropped to a quarter of the card, the visual zone cut away).
 */
export function pageHoldsZone(prepared: PreparedImage, corners: [number, number][]): boolean {
  const { width, height } = prepared.grey;
  const slack = CUT_TOLERANCE * width;
  return corners
    .map((c) => photoPointOnPage(prepared, c))
    .every(([x, y]) => x >= -slack && y >= -slack && x <= width + slack && y <= height + slack);
}

/**
 * The prepared page as a grey PNG with the quadrilateral `corners` (photograph fractions, in order round
 * it; LocatedMrz.corners) filled with paper.
 */
export function pageWithoutZone(prepared: PreparedImage, corners: [number, number][]): Promise<Buffer> {
  const { width, height } = prepared.grey;
  const data = Uint8Array.from(prepared.grey.data);
  fillConvex(
    data,
    width,
    height,
    corners.map((c) => photoPointOnPage(prepared, c)),
  );
  return greyPng({ data, width, height });
}

/** The page tesseract reads for the visual zone: without the located zone (`corners`) unless `withZone`. */
export function pageToRead(
  prepared: PreparedImage,
  corners: [number, number][] | undefined,
  withZone: boolean,
): Promise<Buffer> {
  return corners && !withZone ? pageWithoutZone(prepared, corners) : prepared.png();
}

/** Fills a convex polygon with paper, row by row between where its edges cross the row's centre. */
function fillConvex(data: Uint8Array, width: number, height: number, polygon: [number, number][]): void {
  const ys = polygon.map(([, y]) => y);
  const top = Math.max(0, Math.floor(Math.min(...ys)));
  const bottom = Math.min(height - 1, Math.ceil(Math.max(...ys)));
  for (let row = top; row <= bottom; row++) {
    const y = row + 0.5;
    let from = Infinity;
    let to = -Infinity;
    polygon.forEach(([x0, y0], i) => {
      const [x1, y1] = polygon[(i + 1) % polygon.length]!;
      if (y0 <= y === y1 <= y) return;
      const x = x0 + ((y - y0) / (y1 - y0)) * (x1 - x0);
      from = Math.min(from, x);
      to = Math.max(to, x);
    });
    const start = Math.max(0, Math.floor(from));
    const end = Math.min(width, Math.ceil(to));
    if (end > start) data.fill(PAPER, row * width + start, row * width + end);
  }
}
