// Names carry no check digit, and the English model reads a `<` between names as K, L or C
// (research/ocr.md), bold print's `<<` as SS, or copies a neighbouring letter over a faint one. The visual
// zone prints the same names: where turning such letters back into fillers, or undoing the copy, makes a
// name word one the visual zone shows, and the reading as voted does not, the visual zone settles it.
import { type MrzFormat, nameFields } from "./mrz-formats.js";

const wordsOf = (name: string) => name.split("<").filter((w) => w.length > 0);

function allSeen(name: string, seen: ReadonlySet<string>): boolean {
  const words = wordsOf(name);
  return words.length > 0 && words.every((w) => seen.has(w));
}

export function repairNamesFromVisualZone(
  lines: string[],
  format: MrzFormat,
  visualTokens: string[],
): string[] {
  // One name field holding both names; the French card's two split fields are left alone.
  const fields = nameFields(format);
  if (fields.length !== 1) return lines;
  const [row, start, end] = fields[0]!;
  const name = lines[row]!.slice(start, end);
  const seen = new Set(visualTokens);
  if (allSeen(name, seen)) return lines;
  // Each stretch of K, L, C, S and `<` may hide one misread separator (one to three cells, a K, L, C or S
  // among them, letters either side); a name's own S or K may stand beside it (ROSSKKANNA is ROSS<<ANNA).
  let variants = [name];
  for (const spans of separatorSpans(name)) {
    variants = variants.flatMap((v) => [
      v,
      ...spans.map(([from, to]) => v.slice(0, from) + "<".repeat(to - from) + v.slice(to)),
    ]);
    if (variants.length > MAX_VARIANTS) return lines;
  }
  variants = variants.filter((v) => v !== name && allSeen(v, seen));
  if (new Set(variants).size !== 1) return lines;
  const out = [...lines];
  out[row] = lines[row]!.slice(0, start) + variants[0]! + lines[row]!.slice(end);
  return out;
}

/** More readings of a name than this are not tried: the name is garbled beyond a separator's misread. */
const MAX_VARIANTS = 4096;

/**
 * Per stretch of K, L, C, S and `<` in a name, the spans in it a misread separator could fill: one to
 * three cells holding a K, L, C or S, with a letter on either side.
 */
function separatorSpans(name: string): [number, number][][] {
  const stretches: [number, number][][] = [];
  const letter = (i: number) => /[A-Z]/.test(name[i] ?? "");
  for (const m of name.matchAll(/[KLCS<]+/g)) {
    const spans: [number, number][] = [];
    for (let from = m.index; from < m.index + m[0].length; from++) {
      for (let to = from + 1; to <= Math.min(from + 3, m.index + m[0].length); to++) {
        if (letter(from - 1) && letter(to) && /[KLCS]/.test(name.slice(from, to))) spans.push([from, to]);
      }
    }
    if (spans.length > 0) stretches.push(spans);
  }
  return stretches;
}

/**
 * One name letter misread, which no check digit may notice: names are unchecked on most documents, and
 * on the French card, whose composite digit covers them, I and S (like A/K, B/L, E/O…) weigh the same
 * modulo 10. Such a word, absent from the visual zone, takes the one visual-zone word of its length that
 * differs from it in one letter, when the zone's own reading supports that letter: a size of tesseract
 * or the glyph classifier read it in that cell (`seen`; OKAF0R, EKSTRCM, HECGA), or the misread letter
 * copies a neighbour (LUIS read LUSS: tesseract copies the next glyph when the one between is faint).
 * A letter nothing in the zone saw is left as read: the page's own reading of a name can be the wrong
 * one. The caller keeps the result only when no check digit that held breaks.
 */
export function repairLetterFromVisualZone(
  lines: string[],
  format: MrzFormat,
  visualTokens: string[],
  seen?: (row: number, col: number) => string[],
): string[] {
  const known = new Set(visualTokens);
  const tokens = [...known].filter((t) => /^[A-Z]{3,}$/.test(t));
  const out = [...lines];
  for (const [row, start, end] of nameFields(format)) {
    const field = out[row]!.slice(start, end);
    const fixed = field.replace(/[A-Z]{3,}/g, (word, at: number) => {
      if (known.has(word)) return word;
      const doubled = (i: number) => word[i] === word[i - 1] || word[i] === word[i + 1];
      const supported = (t: string, i: number) =>
        doubled(i) || (seen?.(row, start + at + i).includes(t[i]!) ?? false);
      const matches = new Set(
        tokens.filter((t) => {
          if (t.length !== word.length) return false;
          const diff = [...t].flatMap((c, i) => (c === word[i] ? [] : [i]));
          return diff.length === 1 && supported(t, diff[0]!);
        }),
      );
      return matches.size === 1 ? [...matches][0]! : word;
    });
    if (fixed !== field) out[row] = out[row]!.slice(0, start) + fixed + out[row]!.slice(end);
  }
  return out.some((l, i) => l !== lines[i]) ? out : lines;
}

/**
 * A name word whose first letters were read as fillers (a faint first glyph at the zone's edge: `<KSTROM`
 * for EKSTROM). No name field starts with a filler and no name word follows more than two, so such a
 * filler run is a misread, never a name. The word takes the one visual-zone word that ends with it and is
 * longer by exactly the lost letters. The caller keeps the result only when no check digit that held breaks.
 */
export function restoreLostInitialsFromVisualZone(
  lines: string[],
  format: MrzFormat,
  visualTokens: string[],
): string[] {
  const tokens = [...new Set(visualTokens)].filter((t) => /^[A-Z]{3,}$/.test(t));
  const out = [...lines];
  for (const [row, start, end] of nameFields(format)) {
    const field = out[row]!.slice(start, end);
    // The field's start, or a word after the `<<` between the primary and secondary identifiers.
    const fixed = field.replace(
      /(^|<<)(<{1,2})([A-Z]{2,})/g,
      (whole, before: string, lost: string, word: string) => {
        const matches = new Set(
          tokens.filter((t) => t.length === word.length + lost.length && t.endsWith(word)),
        );
        return matches.size === 1 ? before + [...matches][0]! : whole;
      },
    );
    if (fixed !== field) out[row] = out[row]!.slice(0, start) + fixed + out[row]!.slice(end);
  }
  return out.some((l, i) => l !== lines[i]) ? out : lines;
}
