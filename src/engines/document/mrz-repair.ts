// Position-aware repairs of a voted TD3 MRZ: letter/digit confusions by field, filler tails, and the
// ICAO 9303 check digit.

const COLUMNS = 44;

export const TO_DIGIT: Record<string, string> = {
  O: "0",
  D: "0",
  Q: "0",
  U: "0",
  I: "1",
  L: "1",
  Z: "2",
  A: "4",
  S: "5",
  G: "6",
  T: "7",
  B: "8",
  E: "8",
};
const TO_LETTER: Record<string, string> = { "0": "O", "1": "I", "2": "Z", "5": "S", "6": "G", "8": "B" };

/** TD3 line 2 columns that hold only digits: check digits and the two dates. */
const NUMERIC_COLUMNS = new Set([9, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27, 43]);
const ALPHA_COLUMNS_LINE2 = new Set([10, 11, 12, 20]);

/** Fillers end a field: after a run of three `<` nothing but fillers can follow inside that field. */
function fillAfterRun(text: string, from: number, to: number): string {
  const run = text.indexOf("<<<", from);
  if (run < 0 || run >= to) return text;
  return text.slice(0, run) + "<".repeat(to - run) + text.slice(to);
}

export function repairByPosition([line1, line2]: [string, string]): [string, string] {
  let fixed1 = [...line1]
    .map((c, i) => (i === 0 ? "P" : i >= 2 ? (TO_LETTER[c] ?? c) : c))
    .join("")
    .replace(/^P[^A-Z<]/, "P<");
  // Names: `<<` separates surname from given names, so `<<<` can only be the filler tail.
  fixed1 = fillAfterRun(fixed1, 5, COLUMNS);
  let fixed2 = [...line2]
    .map((c, i) => {
      if (NUMERIC_COLUMNS.has(i)) return TO_DIGIT[c] ?? c;
      if (ALPHA_COLUMNS_LINE2.has(i)) return TO_LETTER[c] ?? c;
      return c;
    })
    .join("");
  // Optional data (personal number) and its check digit, columns 28–42.
  fixed2 = fillAfterRun(fixed2, 28, 43);
  return [fixed1, fixed2];
}

const CHECK_WEIGHTS = [7, 3, 1];

export function computeCheckDigit(field: string): string {
  let sum = 0;
  for (let i = 0; i < field.length; i++) {
    const c = field[i]!;
    const v = c === "<" ? 0 : c <= "9" ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 55;
    sum += v * CHECK_WEIGHTS[i % 3]!;
  }
  return String(sum % 10);
}
