// Whether a session takes applicant input now. A step, consent or finish posted before `GET state` opened
// the link is told so (409 session_not_started), not that the session is finished.
import { AppError } from "../../platform/errors.js";
import type { SessionRow } from "../sessions/find-session.js";
import { APPLICANT_ERRORS } from "./step-contract.js";

export function assertTakesInput(session: Pick<SessionRow, "status">): void {
  if (session.status === "not_started") {
    throw new AppError("session_not_started", { message: APPLICANT_ERRORS.session_not_started.message });
  }
  // awaiting_user: an OTP step waits for the applicant, who may still act on it (finish is then refused as
  // steps_incomplete, since that step is current).
  if (session.status !== "in_progress" && session.status !== "awaiting_user") {
    throw new AppError("session_closed", { message: APPLICANT_ERRORS.session_closed.message });
  }
}
