// The bikram-sambat package ships no types; these cover the functions this service uses.
declare module "bikram-sambat" {
  interface SimpleDate {
    year: number;
    month: number;
    day: number;
  }
  /** Gregorian "YYYY-MM-DD" to Bikram Sambat. */
  function toBik(greg: string): SimpleDate;
  /** Bikram Sambat to Gregorian; throws on an impossible BS date or one outside the table (1970–2100 BS). */
  function toGreg(year: number, month: number, day: number): SimpleDate;
  function daysInMonth(year: number, month: number): number;
  const bs: { toBik: typeof toBik; toGreg: typeof toGreg; daysInMonth: typeof daysInMonth };
  export default bs;
}
