// The three fields a proof of address is read for: the holder's name, the address and the issue date,
// found by their labels in English or Nepali ("Customer Name", "ग्राहकको नाम", "ठेगाना", "Bill Date",
// "मिति"), with the conventions of letters ("Dear Mr …", "श्री …") and statement periods ("… to <date>").
import { type FoundDate, findDates } from "./poa-dates.js";

export interface PoaLine {
  text: string;
  /** 0..100 (tesseract's scale); 100 for a PDF's text layer. */
  confidence: number;
}

export interface FieldValue<T = string> {
  value: T;
  confidence: number;
}

const NAME_LABELS =
  /(?:(?:customer|consumer|subscriber|account|applicant|taxpayer|tenant|lessee|holder|member)(?:'s)?\s*(?:holder\s*)?name|name\s+of\s+(?:the\s+)?(?:customer|account\s+holder|consumer|taxpayer|tenant)|account\s+holder|bill\s+to|^\s*name)(?![a-z])|ग्राहकको\s*नाम|उपभोक्ताको\s*नाम|खातावालाको\s*नाम|खातावाला|करदाताको\s*नाम|भाडावालको\s*नाम|भाडावालाको\s*नाम|निवेदकको\s*नाम|^\s*नाम/iu;
const ADDRESS_LABELS =
  /(?:service|supply|billing|installation|mailing|correspondence|property|permanent|current|residential|postal)?\s*address|premises|ठेगाना|सेवा\s*ठेगाना|घर\s*ठेगाना/iu;
const DATE_LABELS =
  /(?:bill(?:ing)?|issue|invoice|statement|letter|print(?:ed)?|generated)\s*date|date\s+of\s+(?:issue|bill|statement)|बिल\s*मिति|जारी\s*मिति|मिति|^\s*date\b/iu;
const DUE_OR_PERIOD =
  /due|pay\s+by|last\s+date|expiry|valid\s+until|birth|भुक्तानी|अन्तिम|म्याद|जन्म|from\b|देखि|reading\s+date/iu;
const PERIOD = /(?:statement\s+)?period|for\s+the\s+period|अवधि/iu;
/** Another field's label: stops a multi-line value. */
const ANY_LABEL = /^[^:ः]{2,32}[:ः]/u;
const HONORIFICS =
  /^(?:(?:mr|mrs|ms|miss|dr|shri|shree|sri|smt|m\/s)\.?\s+|(?:श्रीमती|सुश्री|श्रीमान्|श्री)\s*)+/iu;
const ADDRESS_WORDS =
  /ward|wada|tole|marg|road|street|chowk|municipality|metropolitan|rural|district|province|nepal|kathmandu|lalitpur|bhaktapur|pokhara|वडा|टोल|मार्ग|नगरपालिका|महानगरपालिका|गाउँपालिका|जिल्ला|प्रदेश|नेपाल|-\s*\d{1,2}\b/iu;

/** Text after the label: up to a second column ("Name: X    Date: Y") or the end of the line. */
function afterLabel(line: string, label: RegExp): string | null {
  const m = label.exec(line);
  if (!m) return null;
  const rest = line
    .slice(m.index + m[0].length)
    .replace(/^\s*[:ःः;.\-|]?\s*/u, "")
    .split(/\s{2,}(?=[^\s:ः]{2,}(?:\s[^\s:ः]+){0,3}\s*[:ः])/u)[0]!
    .trim();
  return rest;
}

/** A holder name as printed, without honorifics and trailing punctuation; null when it is not a name. */
export function cleanHolderName(raw: string): string | null {
  const name = raw
    .replace(/[|_]+/g, " ")
    .replace(HONORIFICS, "")
    .replace(/[,;:.]+$/u, "")
    .replace(/\s+/g, " ")
    .trim();
  const words = name.split(" ").filter(Boolean);
  if (words.length < 1 || words.length > 6) return null;
  if (/\d|[०-९]|@|https?:/u.test(name)) return null;
  if (!/^[\p{L}\p{M} .'-]+$/u.test(name)) return null;
  if (name.replace(/[^\p{L}]/gu, "").length < 3) return null;
  return name;
}

export function extractHolderName(lines: readonly PoaLine[]): FieldValue | null {
  for (const [index, line] of lines.entries()) {
    const rest = afterLabel(line.text, NAME_LABELS);
    if (rest === null) continue;
    const candidate = rest ? rest : (lines[index + 1]?.text ?? "");
    const name = cleanHolderName(candidate);
    if (name) return { value: name, confidence: line.confidence };
  }
  // Letters: "Dear Mr Ram Thapa," or "श्री राम थापा" at the start of a line.
  for (const line of lines) {
    const m =
      /^\s*(?:dear\s+|to\s*[:,]?\s+)?((?:mr|mrs|ms|miss|shri|shree)\.?\s+[^,\n]+)|^\s*((?:श्रीमती|सुश्री|श्री)\s*[^,\n]+)/iu.exec(
        line.text,
      );
    const raw = m?.[1] ?? m?.[2];
    const name = raw ? cleanHolderName(raw.replace(/\s{2,}.*$/u, "")) : null;
    if (name) return { value: name, confidence: line.confidence };
  }
  return null;
}

export function extractAddress(lines: readonly PoaLine[]): FieldValue | null {
  for (const [index, line] of lines.entries()) {
    if (/e-?mail|ip\s+address|web/i.test(line.text)) continue;
    let rest = afterLabel(line.text, ADDRESS_LABELS);
    if (rest === null) continue;
    let next = index + 1;
    if (!rest && lines[next]) rest = lines[next++]!.text.trim();
    if (!rest || rest.length < 3) continue;
    const parts = [rest];
    const confidences = [line.confidence];
    // An address may run on over one or two lines ("Kathmandu Metropolitan City-10,\nBaneshwor, Kathmandu").
    while (parts.length < 3 && lines[next]) {
      const following = lines[next]!.text.trim();
      const continues =
        following.length <= 60 &&
        !ANY_LABEL.test(following) &&
        findDates(following).length === 0 &&
        (parts.at(-1)!.endsWith(",") || ADDRESS_WORDS.test(following)) &&
        ADDRESS_WORDS.test(`${parts.at(-1)} ${following}`);
      if (!continues) break;
      parts.push(following);
      confidences.push(lines[next]!.confidence);
      next++;
    }
    const value = parts
      .join(parts.at(0)!.endsWith(",") ? " " : ", ")
      .replace(/\s*,\s*,/g, ",")
      .replace(/-\s+(?=[\d०-९])/gu, "-")
      // OCR reads a final l as | and a stray quote or semicolon into a word on photos.
      .replace(/(?<=\p{L})\|/gu, "l")
      .replace(/(?<=\p{L})[;"”“'](?=,|\s|$)/gu, "")
      .replace(/\s+,/g, ",")
      .replace(/\s+/g, " ")
      .replace(/[,;]+$/u, "")
      .trim();
    return { value, confidence: Math.min(...confidences) };
  }
  return null;
}

export interface IssueDate {
  iso: string;
  bs: string | null;
  confidence: number;
  /** How it was found: a labelled issue date, the end of a statement period, or the latest date printed. */
  basis: "labelled" | "period_end" | "latest";
}

/** The issue date: a labelled one first, then a statement period's end, then the latest date not a due date. */
export function extractIssueDate(lines: readonly PoaLine[], today: string): IssueDate | null {
  const plausible = (date: FoundDate) => date.iso <= addDays(today, 31);
  for (const [index, line] of lines.entries()) {
    const m = DATE_LABELS.exec(line.text);
    if (!m || DUE_OR_PERIOD.test(line.text.slice(Math.max(0, m.index - 12), m.index + m[0].length))) continue;
    const rest = line.text.slice(m.index + m[0].length);
    const dates = findDates(rest).filter(plausible);
    const date = dates[0] ?? (rest.trim() ? null : findDates(lines[index + 1]?.text ?? "")[0]);
    if (date) return { iso: date.iso, bs: date.bs, confidence: line.confidence, basis: "labelled" };
  }
  for (const line of lines) {
    if (!PERIOD.test(line.text)) continue;
    const dates = findDates(line.text).filter(plausible);
    const end = dates.at(-1);
    if (dates.length >= 2 && end) {
      return { iso: end.iso, bs: end.bs, confidence: line.confidence, basis: "period_end" };
    }
  }
  let latest: IssueDate | null = null;
  for (const line of lines) {
    if (DUE_OR_PERIOD.test(line.text)) continue;
    for (const date of findDates(line.text).filter(plausible)) {
      if (!latest || date.iso > latest.iso) {
        latest = { iso: date.iso, bs: date.bs, confidence: line.confidence * 0.8, basis: "latest" };
      }
    }
  }
  return latest;
}

export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
