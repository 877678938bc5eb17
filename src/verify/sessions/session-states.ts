// spec: States and transitions — the session lifecycle, plus the design's decisions for what it leaves open.
export const SESSION_STATUSES = [
  "not_started",
  "in_progress",
  "awaiting_user",
  "in_review",
  "resubmitted",
  "approved",
  "declined",
  "abandoned",
  "expired",
  "kyc_expired",
] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const TERMINAL_STATUSES: readonly SessionStatus[] = [
  "approved",
  "declined",
  "abandoned",
  "expired",
  "kyc_expired",
];

/** Moves the engine and the applicant may make; operators' update-status may set any valid status. */
export const ALLOWED_MOVES: Record<SessionStatus, readonly SessionStatus[]> = {
  not_started: ["in_progress", "expired", "abandoned"],
  in_progress: ["approved", "declined", "in_review", "abandoned", "awaiting_user", "resubmitted"],
  awaiting_user: ["in_progress", "abandoned", "expired"],
  resubmitted: ["in_progress", "abandoned", "expired"],
  // An operator may send a held session back for named steps (sessions/request-resubmission.ts).
  in_review: ["approved", "declined", "resubmitted"],
  approved: ["kyc_expired"],
  declined: [],
  abandoned: [],
  expired: [],
  kyc_expired: [],
};

/** design: decision values in_progress, approved, declined, in_review, abandoned, expired. */
export function decisionFor(status: SessionStatus): string {
  switch (status) {
    case "approved":
    case "declined":
    case "in_review":
    case "abandoned":
    case "expired":
      return status;
    case "kyc_expired":
      return "expired";
    default:
      return "in_progress";
  }
}

/** The human-readable milestone shown as `stage` (session object and checklist). */
export function stageFor(status: SessionStatus): string {
  switch (status) {
    case "not_started":
      return "created";
    case "in_progress":
      return "started";
    case "in_review":
      return "case_created";
    default:
      return status;
  }
}

/** spec: Events — which moves announce themselves with a signed webhook. */
export function eventTypeFor(status: SessionStatus): string | null {
  switch (status) {
    case "approved":
      return "identity.kyc.session.approved";
    case "declined":
      return "identity.kyc.session.declined";
    case "in_review":
      return "identity.kyc.session.review";
    case "expired":
      return "identity.kyc.session.expired";
    default:
      return null;
  }
}

export function isSessionStatus(value: unknown): value is SessionStatus {
  return typeof value === "string" && (SESSION_STATUSES as readonly string[]).includes(value);
}
