// Whether `{flow_url}/s/<token>` names a partner application, so the page route can answer an unknown link
// with a real 404. The lookup is the one the partner applicant API uses, so both agree on every token.
import type { Queryable } from "../../platform/db/transaction.js";
import { unscopedFindApplicationByToken } from "../applications/application-tokens.js";

export async function partnerLinkExists(db: Queryable, token: string): Promise<boolean> {
  return (await unscopedFindApplicationByToken(db, token)) !== undefined;
}
