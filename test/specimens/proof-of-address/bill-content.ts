// What a generated proof of address says: issuer, title, holder, address, dates and the body lines of each
// kind (utility, bank, telecom, government letter, tenancy) in English or Nepali. Issuers are invented
// (no real company's bill is imitated); government letters name the public offices that issue them.

import { dayFirstDate, toBikramSambat, toDevanagariDigits, visualDate } from "../documents/dates.js";
import { DISTRICTS, devanagariName, latinName, type NamePart, type Person } from "../documents/people.js";
import type { Random } from "../seeded-random.js";

export type PoaKind =
  | "utility_bill"
  | "bank_statement"
  | "telecom_bill"
  | "government_letter"
  | "tenancy_agreement";
export const POA_KINDS: readonly PoaKind[] = [
  "utility_bill",
  "bank_statement",
  "telecom_bill",
  "government_letter",
  "tenancy_agreement",
];
export type PoaLanguage = "en" | "ne";

/** A labelled row ("Customer Name: Ram Thapa") or a free line; `key` marks the ground-truth fields. */
export interface BillRow {
  label?: string;
  value: string;
  key?: "name" | "address" | "address2" | "date";
}

export interface BillContent {
  kind: PoaKind;
  language: PoaLanguage;
  issuer: string;
  issuerLine: string;
  title: string;
  /** The holder block, then the body (table-like lines), in print order. */
  rows: BillRow[];
  table: string[][];
  footer: string;
  accent: string;
}

interface Place {
  municipality: NamePart;
  tole: NamePart;
}

const MUNICIPALITIES: readonly NamePart[] = [
  { dev: "काठमाडौं महानगरपालिका", latin: "Kathmandu Metropolitan City" },
  { dev: "ललितपुर महानगरपालिका", latin: "Lalitpur Metropolitan City" },
  { dev: "पोखरा महानगरपालिका", latin: "Pokhara Metropolitan City" },
  { dev: "भरतपुर महानगरपालिका", latin: "Bharatpur Metropolitan City" },
  { dev: "भक्तपुर नगरपालिका", latin: "Bhaktapur Municipality" },
  { dev: "बुटवल उपमहानगरपालिका", latin: "Butwal Sub-Metropolitan City" },
];
const TOLES: readonly NamePart[] = [
  { dev: "बानेश्वर", latin: "Baneshwor" },
  { dev: "कोटेश्वर", latin: "Koteshwor" },
  { dev: "जावलाखेल", latin: "Jawalakhel" },
  { dev: "चाबहिल", latin: "Chabahil" },
  { dev: "कलंकी", latin: "Kalanki" },
  { dev: "लेकसाइड", latin: "Lakeside" },
  { dev: "महाराजगन्ज", latin: "Maharajgunj" },
];

const ISSUERS: Record<PoaKind, { en: string[]; ne: string[]; line: [string, string] }> = {
  utility_bill: {
    en: ["Himal Power Distribution Co. Ltd.", "Valley Water Supply Board"],
    ne: ["हिमाल विद्युत वितरण कम्पनी लिमिटेड", "उपत्यका खानेपानी बोर्ड"],
    line: ["Electricity and water services", "विद्युत तथा खानेपानी सेवा"],
  },
  bank_statement: {
    en: ["Sunrise Himalayan Bank Ltd.", "Everest Cooperative Bank Ltd."],
    ne: ["सनराइज हिमालयन बैंक लिमिटेड", "एभरेष्ट सहकारी बैंक लिमिटेड"],
    line: ["Head Office, Durbar Marg, Kathmandu", "केन्द्रीय कार्यालय, दरबारमार्ग, काठमाडौं"],
  },
  telecom_bill: {
    en: ["Sagarmatha Telecom Pvt. Ltd.", "SkyNet Broadband Internet"],
    ne: ["सगरमाथा टेलिकम प्रा. लि.", "स्काइनेट इन्टरनेट सेवा"],
    line: ["Mobile, fibre internet and landline", "मोबाइल, इन्टरनेट तथा ल्यान्डलाइन"],
  },
  government_letter: {
    en: ["Government of Nepal", "Government of Nepal"],
    ne: ["नेपाल सरकार", "नेपाल सरकार"],
    line: ["Ministry of Finance, Inland Revenue Department", "अर्थ मन्त्रालय, आन्तरिक राजस्व विभाग"],
  },
  tenancy_agreement: {
    en: ["House Rent Agreement", "Tenancy Agreement"],
    ne: ["घरभाडा सम्झौता पत्र", "घरभाडा सम्झौता"],
    line: ["Between landlord and tenant", "घरधनी र भाडावाल बीच"],
  },
};

const ACCENTS = ["#0b4f8a", "#8a1c1c", "#1d6b3a", "#5b2a86", "#a85a00", "#1f5f6e"];

export interface Truth {
  kind: PoaKind;
  language: PoaLanguage;
  /** The holder's name as printed. */
  name: string;
  /** The same name in Latin letters (what an identity document in English would carry). */
  nameLatin: string;
  /** The address as printed, lines joined with ", ". */
  address: string;
  issueDate: string;
  issueDateBs: string | null;
}

const money = (random: Random) => `${random.int(300, 48000).toLocaleString("en-IN")}.${random.digits(2)}`;

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function bsText(iso: string, nepaliDigits: boolean): string {
  const bs = toBikramSambat(iso);
  const text = `${bs.year}/${String(bs.month).padStart(2, "0")}/${String(bs.day).padStart(2, "0")}`;
  return nepaliDigits ? toDevanagariDigits(text) : text;
}

function englishDate(iso: string, random: Random): string {
  const style = random.int(0, 2);
  if (style === 0) return dayFirstDate(iso, "/");
  if (style === 1) {
    const v = visualDate(iso);
    return `${v.slice(0, 3)}${v.slice(3, 4)}${v.slice(4, 6).toLowerCase()} ${v.slice(7)}`;
  }
  return iso;
}

export function billContent(
  random: Random,
  person: Person,
  kind: PoaKind,
  language: PoaLanguage,
  issueDate: string,
): { content: BillContent; truth: Truth } {
  const ne = language === "ne";
  const place: Place = { municipality: random.pick(MUNICIPALITIES), tole: random.pick(TOLES) };
  const ward = random.int(1, 32);
  const district = random.pick(DISTRICTS);
  const nameParts = [...person.given, person.surname];
  const nameLatin = latinName(nameParts);
  const upper = !ne && kind === "bank_statement" && random.chance(0.5);
  const name = ne ? devanagariName(nameParts) : upper ? nameLatin.toUpperCase() : nameLatin;
  const addressLine1 = ne
    ? `${place.municipality.dev}-${toDevanagariDigits(String(ward))}, ${place.tole.dev}`
    : `${place.municipality.latin}-${ward}, ${place.tole.latin}`;
  const twoLines = random.chance(0.4);
  const addressLine2 = ne ? `${district.dev}, नेपाल` : `${district.latin}, Nepal`;
  const address = twoLines ? `${addressLine1}, ${addressLine2}` : addressLine1;
  // Bikram Sambat on every Nepali document and on English government letters; AD otherwise.
  const bsDated = ne || kind === "government_letter";
  const printed = bsDated ? bsText(issueDate, ne) + (ne ? "" : " B.S.") : englishDate(issueDate, random);
  const due = bsDated ? bsText(addDays(issueDate, 21), ne) : englishDate(addDays(issueDate, 21), random);
  const truth: Truth = {
    kind,
    language,
    name,
    nameLatin,
    address,
    issueDate,
    issueDateBs: bsDated ? toBikramSambat(issueDate).iso : null,
  };
  const issuers = ISSUERS[kind];
  const issuerIndex = random.int(0, 1);
  const issuer = (ne ? issuers.ne : issuers.en)[issuerIndex]!;
  const rows: BillRow[] = [];
  const table: string[][] = [];
  const holder = (labelEn: string, labelNe: string) =>
    rows.push({ label: ne ? labelNe : labelEn, value: name, key: "name" });
  const addressRows = (labelEn: string, labelNe: string) => {
    rows.push({
      label: ne ? labelNe : labelEn,
      value: twoLines ? `${addressLine1},` : addressLine1,
      key: "address",
    });
    if (twoLines) rows.push({ value: addressLine2, key: "address2" });
  };
  const dateRow = (labelEn: string, labelNe: string) =>
    rows.push({ label: ne ? labelNe : labelEn, value: printed, key: "date" });
  const n = (text: string) => (ne ? toDevanagariDigits(text) : text);
  let title = "";
  switch (kind) {
    case "utility_bill": {
      title = ne
        ? ["विद्युत महसुल बिल", "खानेपानी महसुल बिल"][issuerIndex]!
        : ["Electricity Bill", "Water Supply Bill"][issuerIndex]!;
      holder("Customer Name", "ग्राहकको नाम");
      addressRows("Service Address", "ठेगाना");
      rows.push({
        label: ne ? "उपभोक्ता नं." : "Consumer No.",
        value: n(`${random.int(100, 999)}.${random.digits(5)}`),
      });
      dateRow("Bill Date", "बिल मिति");
      rows.push({ label: ne ? "भुक्तानी अन्तिम मिति" : "Due Date", value: due });
      const previous = random.int(1000, 9000);
      const units = random.int(40, 400);
      table.push(
        ne
          ? ["अघिल्लो रिडिङ", "हालको रिडिङ", "खपत युनिट", "रकम (रु.)"]
          : ["Previous Reading", "Current Reading", "Units Consumed (kWh)", "Amount (Rs.)"],
        [n(String(previous)), n(String(previous + units)), n(String(units)), n(money(random))],
      );
      break;
    }
    case "bank_statement": {
      title = ne ? "खाता विवरण" : "Statement of Account";
      holder("Account Holder", "खातावालाको नाम");
      addressRows("Address", "ठेगाना");
      rows.push({ label: ne ? "खाता नं." : "Account No.", value: n(random.digits(14)) });
      const start = addDays(issueDate, -30);
      if (random.chance(0.5) || ne) dateRow("Statement Date", "विवरण मिति");
      rows.push({
        label: ne ? "विवरण अवधि" : "Statement Period",
        value: ne
          ? `${bsText(start, true)} देखि ${bsText(issueDate, true)} सम्म`
          : `${dayFirstDate(start, "/")} to ${dayFirstDate(issueDate, "/")}`,
        ...(rows.some((row) => row.key === "date") ? {} : { key: "date" as const }),
      });
      table.push(
        ne
          ? ["मिति", "विवरण", "झिकेको", "जम्मा", "मौज्दात"]
          : ["Date", "Description", "Debit", "Credit", "Balance"],
      );
      for (let i = 0; i < 4; i++) {
        const day = addDays(start, 3 + i * 7);
        table.push([
          ne ? bsText(day, true) : dayFirstDate(day, "/"),
          ne
            ? random.pick(["नगद जम्मा", "एटीएम झिकेको", "तलब"])
            : random.pick(["Cash Deposit", "ATM Withdrawal", "Salary Credit", "Fund Transfer"]),
          n(random.chance(0.5) ? money(random) : "-"),
          n(random.chance(0.5) ? money(random) : "-"),
          n(money(random)),
        ]);
      }
      rows.push({ label: ne ? "अन्तिम मौज्दात" : "Closing Balance", value: n(money(random)) });
      break;
    }
    case "telecom_bill": {
      title = ne ? "पोस्टपेड मोबाइल बिल" : random.pick(["Postpaid Mobile Bill", "Internet Broadband Invoice"]);
      holder("Subscriber Name", "ग्राहकको नाम");
      addressRows("Billing Address", "ठेगाना");
      rows.push({ label: ne ? "मोबाइल नं." : "Mobile No.", value: n(`98${random.digits(8)}`) });
      dateRow("Invoice Date", "बिल मिति");
      rows.push({ label: ne ? "भुक्तानी मिति" : "Due Date", value: due });
      table.push(
        ne ? ["सेवा", "डाटा", "कल शुल्क", "रकम"] : ["Service", "Data Usage", "Call Charges", "Amount (Rs.)"],
        [ne ? "मोबाइल" : "Mobile", n(`${random.int(2, 60)} GB`), n(money(random)), n(money(random))],
      );
      break;
    }
    case "government_letter": {
      title = ne ? "करदाता दर्ता प्रमाणित" : "Taxpayer Registration Confirmation";
      dateRow("Date", "मिति");
      rows.push({
        label: ne ? "पत्र संख्या" : "Ref. No.",
        value: n(`${random.int(80, 82)}/${random.int(1, 999)}`),
      });
      rows.push({ value: ne ? `श्री ${name}` : `${person.sex === "M" ? "Mr." : "Ms."} ${name}`, key: "name" });
      addressRows("Address", "ठेगाना");
      rows.push({ label: ne ? "स्थायी लेखा नं." : "PAN", value: n(random.digits(9)) });
      table.push([
        ne
          ? "तपाईंको स्थायी लेखा नम्बर आन्तरिक राजस्व विभागमा दर्ता भएको व्यहोरा प्रमाणित गरिन्छ।"
          : "This is to certify that the taxpayer named above is registered with the Inland Revenue Department.",
      ]);
      break;
    }
    case "tenancy_agreement": {
      title = ne ? "घरभाडा सम्झौता" : "Rental Agreement";
      dateRow("Agreement Date", "सम्झौता मिति");
      rows.push({ label: ne ? "घरधनी" : "Landlord", value: ne ? "हरि प्रसाद पौडेल" : "Hari Prasad Paudel" });
      holder("Tenant's Name", "भाडावालको नाम");
      addressRows("Property Address", "घर ठेगाना");
      rows.push({ label: ne ? "मासिक भाडा" : "Monthly Rent", value: n(`Rs. ${random.int(8, 60)},000`) });
      table.push([
        ne
          ? "भाडावालले मासिक भाडा प्रत्येक महिनाको ७ गतेभित्र बुझाउनु पर्नेछ।"
          : "The tenant shall pay the monthly rent by the 7th of each month to the landlord.",
      ]);
      break;
    }
  }
  return {
    content: {
      kind,
      language,
      issuer,
      issuerLine: ne ? issuers.line[1] : issuers.line[0],
      title,
      rows,
      table,
      footer: ne ? "यो बिल कम्प्युटरबाट तयार गरिएको हो।" : "This is a computer generated document.",
      accent: random.pick(ACCENTS),
    },
    truth,
  };
}
