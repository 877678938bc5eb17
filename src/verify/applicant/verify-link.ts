// Whether `{flow_url}/verify/<token>` names a session, so the page route can answer an unknown or deleted
// link with a real 404. The lookup is the applicant API's own (sessionByToken), so both agree on every token.
import { isAppError } from "../../platform/errors.js";
import type { Services } from "../../services.js";
import { sessionByToken } from "./applicant-session.js";

export async function verifyLinkExists(services: Services, token: string): Promise<boolean> {
  try {
    await sessionByToken(services, token);
    return true;
  } catch (error) {
    if (isAppError(error) && error.code === "session_not_found") return false;
    throw error;
  }
}
