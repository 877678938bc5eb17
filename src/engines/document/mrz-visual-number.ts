// The document number's check digit misses some misreads: a character's value counts modulo 10, so G (16)
// read as 6, L (21) as 1 or U (30) as 0 leaves it holding wherever the character stands. OCR-B's
// G and 6 differ by one short stroke; the visual zone prints the same number in the issuer's own
// typeface, where they do not look alike.
import { joinedNeighbours } from "./field-text.js";
import { charValue, MRZ_LAYOUTS, type MrzFormat } from "./mrz-formats.js";
import { TO_DIGIT } from "./mrz-repair.js";

/**
 * Look-alikes (the same digit to the column repair: G and 6, L and 1, U and 0) the check digit cannot tell
 * apart: equal values modulo 10. Others (I and 1, 18 and 1) are left to the check digit, which sees one of
 * them; two of them can cancel out (II111861 and 11111861 hold the same check digit), and the page's reading
 * of the number can be the wrong one.
 */
const blindTwins = (a: string, b: string) =>
  (TO_DIGIT[a] ?? a) === (TO_DIGIT[b] ?? b) && charValue(a) % 10 === charValue(b) % 10;
/** Characters of the number the visual zone may settle. */
const MAX_SETTLED = 2;

/**
 * A document number the visual zone does not print takes the one visual-zone word (or two neighbouring
 * words joined, a number printed in groups) of its length that differs from it only in look-alikes the
 * check digit cannot tell apart, each of which the zone's own reading saw in its cell (`seen`: a size of
 * tesseract or the glyph classifier). A character nothing in the zone saw is left as read. The caller keeps
 * the result only when no check digit that held breaks.
 */
export function repairNumberFromVisualZone(
  lines: string[],
  format: MrzFormat,
  visualTokens: string[],
  seen?: (row: number, col: number) => string[],
): string[] {
  const check = MRZ_LAYOUTS[format].checks.find((c) => c.field === "document_number");
  if (!check || !seen) return lines;
  const [row, start, end] = check.over[0]!;
  const number = lines[row]!.slice(start, end).replace(/<+$/, "");
  if (number.length < 5 || number.includes("<")) return lines;
  const words = new Set(joinedNeighbours(visualTokens));
  if (words.has(number)) return lines;
  const matches = [...words].filter((word) => {
    if (word.length !== number.length) return false;
    let settled = 0;
    for (let i = 0; i < word.length; i++) {
      if (word[i] === number[i]) continue;
      if (!blindTwins(word[i]!, number[i]!) || !seen(row, start + i).includes(word[i]!)) return false;
      settled++;
    }
    return settled > 0 && settled <= MAX_SETTLED;
  });
  if (matches.length !== 1) return lines;
  const out = [...lines];
  out[row] = lines[row]!.slice(0, start) + matches[0]! + lines[row]!.slice(start + number.length);
  return out;
}
