// The document number's check digit does not see G read as 6 (16 ≡ 6 mod 10): the visual zone, printed in
// another typeface, settles such a look-alike when the zone's own reading saw the printed character there.
import assert from "node:assert/strict";
import { test } from "node:test";
import { readMrzFields } from "../../../src/engines/document/mrz-fields.js";
import { repairNumberFromVisualZone } from "../../../src/engines/document/mrz-visual-number.js";

const TRUTH = [
  "P<SWEHAJIYEV<<ZOFIA<<<<<<<<<<<<<<<<<<<<<<<<<",
  "CG68364672SWE0112053F2604206<<<<<<<<<<<<<<<2",
];
const MISREAD = [TRUTH[0]!, TRUTH[1]!.replace("CG6", "C66")];
const PAGE = ["PASSPORT", "SURNAME", "HAJIYEV", "GIVEN", "NAMES", "ZOFIA", "CG6836467", "01", "DEC", "2001"];
/** The zone's reading saw these characters in these cells (row:col), besides what it voted. */
const seenWith =
  (extra: Record<string, string>) =>
  (row: number, col: number): string[] => [MISREAD[row]![col]!, ...(extra[`${row}:${col}`] ?? "")];

test("G read as 6 holds the number's check digit, and the visual zone settles it", () => {
  assert.equal(readMrzFields(MISREAD, "2026-11-23")?.checks.document_number, true);
  assert.deepEqual(repairNumberFromVisualZone(MISREAD, "TD3", PAGE, seenWith({ "1:1": "G" })), TRUTH);
});

test("a number printed in groups is matched joined", () => {
  const grouped = [...PAGE.slice(0, 6), "CG68", "36467"];
  assert.deepEqual(repairNumberFromVisualZone(MISREAD, "TD3", grouped, seenWith({ "1:1": "G" })), TRUTH);
});

test("a character nothing in the zone saw is left as read", () => {
  assert.deepEqual(repairNumberFromVisualZone(MISREAD, "TD3", PAGE, seenWith({})), MISREAD);
});

test("a page word that differs in more than look-alikes, or two candidates, change nothing", () => {
  const other = PAGE.map((w) => (w === "CG6836467" ? "CX6836467" : w));
  assert.deepEqual(repairNumberFromVisualZone(MISREAD, "TD3", other, seenWith({ "1:1": "X" })), MISREAD);
  const two = [...PAGE, "C6G836467"];
  assert.deepEqual(
    repairNumberFromVisualZone(MISREAD, "TD3", two, seenWith({ "1:1": "G", "1:2": "G" })),
    MISREAD,
  );
});

test("a number the page prints as read is kept", () => {
  const printed = [...PAGE, "C66836467"];
  assert.deepEqual(repairNumberFromVisualZone(MISREAD, "TD3", printed, seenWith({ "1:1": "G" })), MISREAD);
});

test("look-alikes the check digit sees are left to it, even two that cancel out", () => {
  // II111861 and 11111861 hold the same check digit (18·7 + 18·3 ≡ 1·7 + 1·3 mod 10); the page read the
  // printed II as 11, and the zone's sizes saw 1 there too.
  const visa = ["V<JPNPAPADOPOULOS<<PIOTR<XIAN<<<<<<<", "II111861<4JPN8202213M2808244DRW<<<<<"];
  const seen = (row: number, col: number) => [visa[row]![col]!, ...(row === 1 && col < 2 ? "1" : "")];
  const page = ["VISA", "PAPADOPOULOS", "PIOTR", "XIAN", "11111861"];
  assert.deepEqual(repairNumberFromVisualZone(visa, "MRVB", page, seen), visa);
});
