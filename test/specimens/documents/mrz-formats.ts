// Builds MRZ lines of every format with correct check digits (ICAO 9303 parts 4–7 and the French ID
// card), independent of the reader's own code. TD3 comes from mrz-lines.ts.
import { buildTd3, checkDigit, mrzDate } from "./mrz-lines.js";

export type SpecimenMrzFormat = "TD1" | "TD2" | "TD3" | "MRVA" | "MRVB" | "FRENCH_ID";

export interface MrzPerson {
  documentCode: string;
  issuingState: string;
  surname: string;
  givenNames: string;
  documentNumber: string;
  nationality: string;
  dateOfBirth: string;
  sex: "M" | "F";
  expiryDate: string;
  /** French ID only: YYYY-MM of issue (the number starts with it). */
  issueMonth?: string;
  optional?: string;
}

const pad = (value: string, length: number) => value.padEnd(length, "<").slice(0, length);
const name = (value: string) =>
  value
    .toUpperCase()
    .replace(/[^A-Z ]/g, "")
    .trim()
    .replace(/\s+/g, "<");
const nameField = (p: MrzPerson, length: number) => pad(`${name(p.surname)}<<${name(p.givenNames)}`, length);

function td1(p: MrzPerson): string[] {
  const doc = pad(p.documentNumber, 9);
  const optional1 = pad(p.optional ?? "", 15);
  const line1 = pad(`${pad(p.documentCode, 2)}${p.issuingState}${doc}${checkDigit(doc)}${optional1}`, 30);
  const dob = mrzDate(p.dateOfBirth);
  const exp = mrzDate(p.expiryDate);
  const start = `${dob}${checkDigit(dob)}${p.sex}${exp}${checkDigit(exp)}${p.nationality}${"<".repeat(11)}`;
  const composite = checkDigit(
    line1.slice(5, 30) + start.slice(0, 7) + start.slice(8, 15) + start.slice(18, 29),
  );
  return [line1, start + composite, nameField(p, 30)];
}

function twoLine(p: MrzPerson, length: 36 | 44, composite: boolean): string[] {
  const line1 = pad(`${pad(p.documentCode, 2)}${p.issuingState}${nameField(p, length - 5)}`, length);
  const doc = pad(p.documentNumber, 9);
  const dob = mrzDate(p.dateOfBirth);
  const exp = mrzDate(p.expiryDate);
  const head = `${doc}${checkDigit(doc)}${p.nationality}${dob}${checkDigit(dob)}${p.sex}${exp}${checkDigit(exp)}`;
  const optionalLength = length - 28 - (composite ? 1 : 0);
  const optional = pad(p.optional ?? "", optionalLength);
  if (!composite) return [line1, head + optional];
  const body = head + optional;
  return [line1, body + checkDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21))];
}

/** French national ID card (1988–2021): 2 × 36, surname on line 1, number, given names and birth on line 2. */
function frenchId(p: MrzPerson): string[] {
  // Administrative code: the issuing department and office, digits (2A/2B for Corsica aside).
  const office = (p.optional ?? "").replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) % 10));
  const line1 = pad(`IDFRA${name(p.surname)}`, 30) + pad(office, 6);
  const number = p.documentNumber.padEnd(12, "0").slice(0, 12);
  const dob = mrzDate(p.dateOfBirth);
  const start = `${number}${checkDigit(number)}${pad(name(p.givenNames).replace(/<+/g, "<<"), 14)}${dob}${checkDigit(dob)}${p.sex}`;
  return [line1, start + checkDigit(line1 + start)];
}

export function buildMrz(format: SpecimenMrzFormat, p: MrzPerson): string[] {
  switch (format) {
    case "TD1":
      return td1(p);
    case "TD2":
      return twoLine(p, 36, true);
    case "MRVA":
      return twoLine(p, 44, false);
    case "MRVB":
      return twoLine(p, 36, false);
    case "FRENCH_ID":
      return frenchId(p);
    case "TD3": {
      const [a, b] = buildTd3({ ...p, personalNumber: p.optional });
      return [a.replace(/^P</, pad(p.documentCode, 2)), b];
    }
  }
}

/** The ICAO 9303 specimen (part 4 TD3, part 5 TD1, part 6 TD2): ERIKSSON ANNA MARIA of Utopia. */
export const ICAO_SPECIMEN = {
  TD3: ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"],
  TD1: ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"],
  TD2: ["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"],
} as const;
