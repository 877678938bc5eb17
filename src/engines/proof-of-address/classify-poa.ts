// Which kind of proof of address a text is: weighted keywords in English and Nepali (issuer names, the
// vocabulary of the document's body and its layout words: units and meter readings on utility bills,
// balances on statements, data and call charges on telecom bills, PAN and ward offices on government
// letters, rent and landlord on tenancy agreements). Confidence is the winner's share of the evidence.

export const POA_TYPES = [
  "utility_bill",
  "bank_statement",
  "telecom_bill",
  "government_letter",
  "tenancy_agreement",
] as const;
export type PoaType = (typeof POA_TYPES)[number];

type Keyword = [pattern: RegExp, weight: number];

const KEYWORDS: Record<PoaType, Keyword[]> = {
  utility_bill: [
    [/electricity|nepal\s+electricity\s+authority|\bNEA\b/i, 3],
    [/water\s+supply|khanepani|\bKUKL\b|drinking\s+water/i, 3],
    [/\bkwh\b|units?\s+consumed|meter\s+(?:no|number|reading)|previous\s+reading|current\s+reading/i, 2],
    [/consumer\s+(?:no|number|name)|\bSC\s*No\b|service\s+connection/i, 1],
    [/विद्युत|बिजुली|खानेपानी/u, 3],
    [/मिटर|युनिट|रिडिङ|उपभोक्ता/u, 2],
  ],
  bank_statement: [
    [/\bbank\b/i, 2],
    [/statement\s+of\s+account|account\s+statement|bank\s+statement/i, 3],
    [/opening\s+balance|closing\s+balance|available\s+balance/i, 2],
    [/\bdebit\b.*\bcredit\b|withdrawal|deposit/i, 1],
    [/account\s+(?:no|number|holder)|\bIBAN\b|\bSWIFT\b|branch/i, 1],
    [/बैंक/u, 2],
    [/खाता\s*विवरण|खाताको\s*विवरण/u, 3],
    [/मौज्दात|जम्मा|झिकेको|खाता\s*नं/u, 2],
  ],
  telecom_bill: [
    [/nepal\s+telecom|ncell|worldlink|vianet|classic\s+tech|subisu|\btelecom\b/i, 3],
    [/internet|broadband|fibre|fiber|\bFTTH\b|postpaid|mobile\s+(?:no|number)|landline/i, 2],
    [/data\s+usage|call\s+charges|\bSMS\b|\bGB\b|\bMbps\b/i, 1],
    [/टेलिकम|दूरसञ्चार|इन्टरनेट|पोस्टपेड|मोबाइल/u, 3],
    [/डाटा|कल\s*शुल्क/u, 1],
  ],
  government_letter: [
    [/government\s+of\s+nepal|ministry\s+of|department\s+of/i, 3],
    [/inland\s+revenue|tax\s+(?:office|payer|assessment|clearance)|taxpayer|\bPAN\b/i, 3],
    [/municipality|ward\s+office|rural\s+municipality|recommendation|to\s+whom\s+it\s+may\s+concern/i, 2],
    [/नेपाल\s*सरकार|मन्त्रालय|विभाग/u, 3],
    [/आन्तरिक\s*राजस्व|करदाता|कर\s*चुक्ता|स्थायी\s*लेखा/u, 3],
    [/नगरपालिका|गाउँपालिका|वडा\s*(?:कार्यालय|नं)|सिफारिस|प्रमाणित/u, 2],
  ],
  tenancy_agreement: [
    [/tenancy|lease\s+agreement|rental\s+agreement|rent\s+agreement/i, 3],
    [/landlord|tenant|lessor|lessee|monthly\s+rent|security\s+deposit/i, 2],
    [/घर\s*भाडा|घरभाडा|भाडा\s*सम्झौता|भाडा\s*सम्झौतापत्र/u, 3],
    [/घरधनी|भाडावाल|भाडामा|मासिक\s*भाडा/u, 2],
  ],
};

export interface PoaClassification {
  type: PoaType | "unknown";
  /** The winner's share of all keyword evidence, 0..1 (0 when nothing matched). */
  confidence: number;
  scores: Record<PoaType, number>;
}

export function classifyPoa(text: string): PoaClassification {
  const lines = text.split("\n");
  const scores = Object.fromEntries(POA_TYPES.map((type) => [type, 0])) as Record<PoaType, number>;
  for (const type of POA_TYPES) {
    for (const [pattern, weight] of KEYWORDS[type]) {
      // Each keyword counts on up to three lines: a statement repeating "deposit" forty times is no surer.
      const hits = lines.filter((line) => pattern.test(line)).length;
      scores[type] += weight * Math.min(hits, 3);
    }
  }
  const ranked = [...POA_TYPES].sort((a, b) => scores[b] - scores[a]);
  const best = ranked[0]!;
  const total = POA_TYPES.reduce((sum, type) => sum + scores[type], 0);
  if (scores[best] < 3) return { type: "unknown", confidence: 0, scores };
  return { type: best, confidence: Math.round((scores[best] / total) * 1000) / 1000, scores };
}
