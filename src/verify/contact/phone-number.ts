// Phone numbers are kept in E.164 (design: OTP steps — libphonenumber-js). A national number is read in the
// node's default region, Nepal unless the workflow says otherwise, so "9841234567" is +9779841234567.
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js/max";

export const DEFAULT_PHONE_REGION = "NP";

/** The E.164 form of a valid number, or null when it is not a valid (dialable) number. */
export function toE164(raw: string, defaultRegion: string = DEFAULT_PHONE_REGION): string | null {
  const region = isSupportedCountry(defaultRegion) ? (defaultRegion as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(raw.trim(), region);
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

export function isSupportedRegion(region: string): boolean {
  return isSupportedCountry(region);
}
