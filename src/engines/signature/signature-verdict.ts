// spec: signature-verify — match when score >= threshold; review when score >= 0.75 × threshold but
// below threshold; otherwise mismatch; matched is true only for match.

export type SignatureVerdict = "match" | "review" | "mismatch";

/** spec: Limits — thresholds 0.2..0.95; signature-verify default 0.62, signature-search default 0.6. */
export const SIGNATURE_VERIFY_THRESHOLD = 0.62;
export const SIGNATURE_SEARCH_THRESHOLD = 0.6;
export const SIGNATURE_SEARCH_TOP_K = 12;
export const REVIEW_BAND_FACTOR = 0.75;

export function decideVerdict(score: number, threshold: number): SignatureVerdict {
  if (score >= threshold) return "match";
  if (score >= REVIEW_BAND_FACTOR * threshold) return "review";
  return "mismatch";
}
