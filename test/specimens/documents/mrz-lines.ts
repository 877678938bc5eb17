// Builds ICAO 9303 TD3 lines with correct check digits (independent of the reader's own code).

const WEIGHTS = [7, 3, 1];

function charValue(c: string): number {
  if (c === "<") return 0;
  if (c >= "0" && c <= "9") return c.charCodeAt(0) - 48;
  return c.charCodeAt(0) - 55;
}

export function checkDigit(field: string): string {
  let sum = 0;
  for (let i = 0; i < field.length; i++) sum += charValue(field[i]!) * WEIGHTS[i % 3]!;
  return String(sum % 10);
}

function pad(value: string, length: number): string {
  return value.padEnd(length, "<").slice(0, length);
}

function mrzName(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z ]/g, "")
    .trim()
    .replace(/\s+/g, "<");
}

/** YYMMDD from an ISO date. */
export function mrzDate(iso: string): string {
  return iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
}

export interface Td3Input {
  issuingState: string;
  surname: string;
  givenNames: string;
  documentNumber: string;
  nationality: string;
  dateOfBirth: string;
  sex: "M" | "F" | "<";
  expiryDate: string;
  personalNumber?: string;
}

export function buildTd3(input: Td3Input): [string, string] {
  const line1 = pad(`P<${input.issuingState}${mrzName(input.surname)}<<${mrzName(input.givenNames)}`, 44);
  const doc = pad(input.documentNumber, 9);
  const dob = mrzDate(input.dateOfBirth);
  const exp = mrzDate(input.expiryDate);
  const personal = pad(input.personalNumber ?? "", 14);
  const personalCheck = input.personalNumber ? checkDigit(personal) : "<";
  const body =
    doc +
    checkDigit(doc) +
    input.nationality +
    dob +
    checkDigit(dob) +
    input.sex +
    exp +
    checkDigit(exp) +
    personal +
    personalCheck;
  const composite = checkDigit(
    doc + checkDigit(doc) + dob + checkDigit(dob) + exp + checkDigit(exp) + personal + personalCheck,
  );
  return [line1, body + composite];
}
