// The words around a code, in the applicant's language (session locale: English or Nepali). The SMS ends with
// the origin-bound line "@<flow host> #<code>" so browsers that support it offer the code for autofill.
import type { OutgoingEmail } from "../../engines/messaging/messaging.js";

type Locale = "en" | "ne";

const COPY = {
  en: {
    subject: (code: string) => `Your verification code: ${code}`,
    lines: (code: string, brand: string) => [
      `Your ${brand}verification code is ${code}.`,
      "It is valid for 10 minutes. Do not share it with anyone.",
      "If you did not ask for this code, ignore this message.",
    ],
    sms: (code: string, brand: string) => `${code} is your ${brand}verification code. Valid 10 minutes.`,
  },
  ne: {
    subject: (code: string) => `तपाईंको प्रमाणीकरण कोड: ${code}`,
    lines: (code: string, brand: string) => [
      `तपाईंको ${brand}प्रमाणीकरण कोड ${code} हो।`,
      "यो १० मिनेटसम्म मान्य हुन्छ। यो कोड कसैलाई नदिनुहोस्।",
      "तपाईंले यो कोड माग्नुभएको होइन भने यो सन्देशलाई बेवास्ता गर्नुहोस्।",
    ],
    sms: (code: string, brand: string) => `${code} तपाईंको ${brand}प्रमाणीकरण कोड हो। १० मिनेटसम्म मान्य।`,
  },
} as const;

function localeOf(locale: string): Locale {
  return locale.toLowerCase().startsWith("ne") ? "ne" : "en";
}

const brandWord = (brand: string) => (brand ? `${brand} ` : "");

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `brand` is the company name from the branding ("" for none). */
export function codeEmail(input: { to: string; code: string; locale: string; brand: string }): OutgoingEmail {
  const copy = COPY[localeOf(input.locale)];
  const lines = copy.lines(input.code, brandWord(input.brand));
  const html =
    `<!doctype html><html lang="${localeOf(input.locale)}"><body style="font-family:sans-serif">` +
    lines
      .map((line, index) =>
        index === 0
          ? `<p>${escapeHtml(line).replace(input.code, `<strong style="font-size:1.4em;letter-spacing:.1em">${input.code}</strong>`)}</p>`
          : `<p>${escapeHtml(line)}</p>`,
      )
      .join("") +
    "</body></html>";
  return { to: input.to, subject: copy.subject(input.code), text: `${lines.join("\n\n")}\n`, html };
}

export function codeSms(input: { code: string; locale: string; brand: string; flowHost: string }): string {
  const copy = COPY[localeOf(input.locale)];
  return `${copy.sms(input.code, brandWord(input.brand))}\n\n@${input.flowHost} #${input.code}`;
}
