// Country codes an MRZ may carry (ICAO 9303-3 section 5): ISO 3166-1 alpha-3, Germany's `D<<`, and the
// codes ICAO adds for organisations, stateless persons, refugees, British subtypes and specimens.
import isoCountries from "i18n-iso-countries";

const ICAO_EXTRA = [
  "D<<",
  "EUE",
  "GBD",
  "GBN",
  "GBO",
  "GBP",
  "GBS",
  "RKS",
  "UNA",
  "UNK",
  "UNO",
  "UTO",
  "XBA",
  "XCC",
  "XCO",
  "XDC",
  "XEC",
  "XES",
  "XIM",
  "XMP",
  "XOM",
  "XPO",
  "XXA",
  "XXB",
  "XXC",
  "XXX",
];

export const MRZ_COUNTRY_CODES: ReadonlySet<string> = new Set([
  ...Object.keys(isoCountries.getAlpha3Codes()),
  ...ICAO_EXTRA,
]);
