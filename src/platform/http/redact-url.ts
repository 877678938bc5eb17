// Applicant URLs carry the session's credential (its token): request logs show them with the token removed.

/** `/flow-api/<token>/…`, `/flow-api/s/<token>/…`, `/verify/<token>`, `/s/<token>` with the token replaced. */
export function redactTokens(url: string): string {
  return url.replace(/\/(flow-api\/s|flow-api|verify|s)\/[^/?#]+/g, "/$1/<token>");
}
