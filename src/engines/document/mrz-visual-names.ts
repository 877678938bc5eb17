// Names carry no check digit, and the English model reads a `<` between names as K, L or C
// (research/ocr.md) or copies a neighbouring letter over a faint one. The visual zone prints the same
// names: where turning such letters back into fillers, or undoing the copy, makes a name word one the
// visual zone shows, and the reading as voted does not, the visual zone settles it.
import { MRZ_LAYOUTS, type MrzFormat } from "./mrz-formats.js";

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
  // Runs of one to three K/L/C/< between letters, each with at least one K, L or C.
  const runs: [number, number][] = [];
  const re = /(?<=[A-Z])[KLC<]{1,3}(?=[A-Z])/g;
  for (let m = re.exec(name); m; m = re.exec(name)) {
    if (/[KLC]/.test(m[0])) runs.push([m.index, m.index + m[0].length]);
  }
  const variants: string[] = [];
  // Every subset of runs (there are few): the fix may need two separators restored.
  for (let mask = 1; mask < 1 << Math.min(runs.length, 6); mask++) {
    let v = name;
    runs.forEach(([from, to], i) => {
      if (mask & (1 << i)) v = v.slice(0, from) + "<".repeat(to - from) + v.slice(to);
    });
    if (allSeen(v, seen)) variants.push(v);
  }
  if (new Set(variants).size !== 1) return lines;
  const out = [...lines];
  out[row] = lines[row]!.slice(0, start) + variants[0]! + lines[row]!.slice(end);
  return out;
}

/** The name fields of a layout (class N runs), as [line, start, end). */
function nameFields(format: MrzFormat): [number, number, number][] {
  const fields: [number, number, number][] = [];
  MRZ_LAYOUTS[format].classes.forEach((classes, line) => {
    const re = /N+/g;
    for (let m = re.exec(classes); m; m = re.exec(classes))
      fields.push([line, m.index, m.index + m[0].length]);
  });
  return fields;
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
