// The applicant step contract, declared once (design: Wave 2 — applicant step contract) and imported by the
// server (modules, applicant API, OpenAPI) and by the hosted page (web/): for every workflow feature, whether
// the applicant acts on it and on which screen, the body that step accepts, the config the page receives and
// the error codes the applicant API answers. The page bundles this file, so it imports nothing at run time.
import type { WORKFLOW_FEATURES } from "../../platform/features.js";

export type WorkflowFeature = (typeof WORKFLOW_FEATURES)[number];

/** The screens the hosted page has; each applicant step is shown on exactly one. */
export const STEP_SCREENS = [
  "questionnaire",
  "document",
  "liveness",
  "aml_confirmation",
  "email_verification",
  "phone_verification",
  "confirm_details",
  "proof_of_address",
  "nfc",
  "video_call",
] as const;
export type StepScreen = (typeof STEP_SCREENS)[number];

export type FeatureRole =
  /** The applicant acts on this node on `screen` (AML_SCREENING only when no earlier document names them). */
  | { kind: "step"; screen: StepScreen }
  /** Evaluated at finish from what other steps captured; never asks the applicant anything. */
  | { kind: "server_only" }
  /** No engine in this build: a workflow naming it is refused when saved, so no session ever reaches it. */
  | { kind: "unavailable" };

const LIVENESS_STEP: FeatureRole = { kind: "step", screen: "liveness" };

/** Every catalog key (spec: Workflow catalog keys) and what the hosted flow does with it. */
export const FEATURE_ROLES: Readonly<Record<WorkflowFeature, FeatureRole>> = {
  ID_VERIFICATION: { kind: "step", screen: "document" },
  NFC_VERIFICATION: { kind: "step", screen: "nfc" },
  PASSIVE: LIVENESS_STEP,
  PASSIVE_VIDEO: LIVENESS_STEP,
  FLASHING: LIVENESS_STEP,
  "3D_ACTION": LIVENESS_STEP,
  GESTURE: LIVENESS_STEP,
  LIVENESS: LIVENESS_STEP,
  FACE_MATCH: { kind: "server_only" },
  AGE_ESTIMATION: { kind: "server_only" },
  AML_SCREENING: { kind: "step", screen: "aml_confirmation" },
  PROOF_OF_ADDRESS: { kind: "step", screen: "proof_of_address" },
  DATABASE_VALIDATION: { kind: "server_only" },
  EMAIL_VERIFICATION: { kind: "step", screen: "email_verification" },
  PHONE_VERIFICATION: { kind: "step", screen: "phone_verification" },
  IP_ANALYSIS: { kind: "server_only" },
  QUESTIONNAIRE: { kind: "step", screen: "questionnaire" },
  VIDEO_CALL: { kind: "step", screen: "video_call" },
  CONFIRM_DETAILS: { kind: "step", screen: "confirm_details" },
};

/** The screen for a step's feature, or null when the page has none (a feature added without a screen). */
export function screenFor(feature: string): StepScreen | null {
  const role = (FEATURE_ROLES as Record<string, FeatureRole | undefined>)[feature];
  return role?.kind === "step" ? role.screen : null;
}

// ---- What the page receives (`current_step.config`) per screen ----

export type QuestionConfig = {
  id: string;
  /** In the session's locale when the workflow gives a Nepali label. */
  label: string;
  type: "text" | "choice" | "date" | "file";
  required: boolean;
  options?: string[];
  multiple?: boolean;
};

export type AmlField = {
  id: "full_name" | "date_of_birth" | "nationality";
  /** `date` is ISO YYYY-MM-DD; `country` an ISO 3166-1 alpha-2 code. */
  type: "text" | "date" | "country";
  required: boolean;
  /** Pre-filled from the session's prefill; the applicant confirms it (prefill alone never decides). */
  value: string | null;
  /** Whether the applicant may change the value (the module lets every field be corrected today). */
  editable: boolean;
};

export type LivenessMethod = "PASSIVE" | "PASSIVE_VIDEO" | "FLASHING" | "3D_ACTION" | "GESTURE";

/** EMAIL_VERIFICATION and PHONE_VERIFICATION (design: OTP steps); times are relative to the answer. */
export type ContactCodeConfig = {
  channel: "email" | "phone";
  /** Where the code goes (or went): masked when it came from the session, as entered when the applicant typed it. */
  destination: string | null;
  /** Whether the applicant may enter another address or number (`{action: "send", email | phone}`). */
  can_change: boolean;
  /** A code was sent and can still be entered (not expired, attempts left). */
  code_sent: boolean;
  code_length: 6;
  /** Seconds the sent code stays valid; null without a live code. */
  expires_in_seconds: number | null;
  /** Seconds before another code may be sent (0 = now; send limit reached = null). */
  resend_in_seconds: number | null;
  attempts_left: number | null;
  sends_left: number;
  /** `{action: "skip"}` is accepted: the node is optional, or no code can be sent or entered any more. */
  can_skip: boolean;
  /** Phone: the region national numbers are read in (ISO 3166-1 alpha-2, default NP). */
  default_country?: string;
};

/** CONFIRM_DETAILS: one value read from the document (ids are the engine's keys; `<key>_latin` transliterates). */
export type ConfirmField = {
  id: string;
  /** `date` values are ISO YYYY-MM-DD. */
  type: "text" | "date";
  /** The script the value is written in (citizenship certificates are read in Devanagari). */
  script: "latin" | "devanagari";
  /** As read; null for an editable field the document did not give (the applicant may fill it in). */
  value: string | null;
  editable: boolean;
};

export type StepConfigs = {
  questionnaire: { questions: QuestionConfig[] };
  document: {
    document_types: string[];
    require_back: boolean;
    allow_upload: boolean;
    fields: { front_image: "required"; back_image: "required" | "optional" };
  };
  liveness: {
    method: LivenessMethod;
    /** PASSIVE only: the step needs the recorded clip (`video`) or, without a recorder, a frame `burst`. */
    require_clip?: boolean;
    /** Challenge methods only: a fresh single-use challenge bound to the session. */
    challenge?: {
      challenge_id: string;
      method: LivenessMethod;
      expires_at: string;
      colors?: string[];
      actions?: string[];
      gestures?: string[];
    };
  };
  aml_confirmation: { fields: AmlField[] };
  email_verification: ContactCodeConfig;
  phone_verification: ContactCodeConfig;
  confirm_details: { document_type: string | null; fields: ConfirmField[] };
  /** NFC_VERIFICATION: the chip is read by a native app; the page hands the session over to it. */
  nfc: {
    /** Opens this session in the app (the node's app_link template, else the hosted URL); shown as a QR code. */
    handoff_url: string;
    /** Base64 of 8 random bytes for active authentication; single use, valid until challenge_expires_at. */
    challenge: string;
    challenge_expires_at: string;
    required: ("dg1" | "dg2" | "sod")[];
    optional: ("dg14" | "dg15" | "aa_signature" | "challenge")[];
  };
  proof_of_address: ProofOfAddressConfig;
  video_call: VideoCallConfig;
};

/** VIDEO_CALL: the queue and the call, as the page shows them (the live part runs over the socket). */
export type VideoCallConfig = {
  /** The open call, null before joining and after a call ended. */
  call_id: string | null;
  /** `ended`: the last call was abandoned (the applicant left or was lost); joining again is allowed. */
  status: "none" | "waiting" | "ringing" | "active" | "ended";
  /** 1-based place in the queue while waiting, else 0. */
  position: number;
  /** From recent calls' mean length; 0 when not waiting. */
  expected_wait_seconds: number;
  /** RTCIceServer entries (VIDEO_ICE_SERVERS); empty means host candidates only. */
  ice_servers: { urls: string | string[]; username?: string; credential?: string }[];
  /** The signalling WebSocket's path on the page's own origin (`/flow-api/<token>/video/socket`). */
  socket_path: string;
};

/** PROOF_OF_ADDRESS: what the upload screen tells the applicant (the name and date checks stay server-side). */
export type ProofOfAddressConfig = {
  /** utility_bill, bank_statement, telecom_bill, government_letter, tenancy_agreement (those the node accepts). */
  accepted_types: string[];
  /** The document must be issued within this many days. */
  max_age_days: number;
  /** A PDF may have at most this many pages. */
  max_pages: number;
  /** The file's size limit in bytes (8 MB). */
  max_bytes: number;
  file_types: ("application/pdf" | "image/jpeg" | "image/png")[];
};

// ---- What `POST steps/<node_id>` accepts per screen (images: base64 or data: URIs) ----

export type StepBodies = {
  questionnaire: { answers: Record<string, string | string[]> };
  document: {
    front_image: string;
    back_image?: string;
    source?: "camera" | "upload";
    document_type?: string;
  };
  // PASSIVE: the still and (required unless the node sets require_clip: false) the recorded WebM/MP4 clip,
  // or 4–24 timed frames where the browser cannot record.
  liveness:
    | { image: string; video?: string; burst?: { image: string; t_ms: number }[] }
    | { video: string } // PASSIVE_VIDEO
    | { challenge_id: string; frames: { image: string; t_ms: number }[] }; // FLASHING, 3D_ACTION, GESTURE
  aml_confirmation: { full_name?: string; date_of_birth?: string; nationality?: string };
  email_verification: ContactCodeBody & { email?: string };
  phone_verification: ContactCodeBody & { phone?: string };
  /** Corrections by field id (only editable ones), or `{confirm: true}` to accept the values as read. */
  confirm_details: { fields: Record<string, string> } | { confirm: true };
  /** The bill or statement: a PDF, JPEG or PNG as base64 or a data: URI; `source` says how it was taken. */
  proof_of_address: { file: string; source?: "camera" | "upload" };
  /** The chip's files as read (base64); aa_signature is the chip's answer to `challenge` (when DG15 exists). */
  /** join: queue for the next agent (again after an ended call); leave: abandon the open call. */
  video_call: { action: "join" | "leave" };
  nfc: {
    dg1: string;
    dg2: string;
    sod: string;
    dg14?: string;
    dg15?: string;
    aa_signature?: string;
    challenge?: string;
  };
};

/** send: (re)send a code (to `email`/`phone` when given and allowed); verify: the code; skip: move on unverified. */
export type ContactCodeBody = { action: "send" } | { action: "verify"; code: string } | { action: "skip" };

// ---- Error codes: `detail` is always one of these (or a per-field code below); `message` is the sentence ----

export type ApplicantErrorInfo = { status: number; message: string };

/** Codes any applicant API route may answer. */
export const APPLICANT_ERRORS = {
  session_not_found: { status: 404, message: "No session has this link (unknown, deleted or mistyped)." },
  route_not_found: { status: 404, message: "Not found." },
  session_not_started: {
    status: 409,
    message: "The session is not open yet: read GET state first, which opens it.",
  },
  session_closed: { status: 409, message: "This session is finished or closed; it takes no more input." },
  step_out_of_order: { status: 409, message: "Only the current step is accepted." },
  consent_required: { status: 409, message: "Accept the terms (POST consent) before the first step." },
  steps_incomplete: { status: 409, message: "Some steps are not done." },
  terms_version_mismatch: { status: 400, message: "Accept the terms version the state shows." },
  link_expired: { status: 410, message: "This link has expired." },
  tenant_suspended: { status: 403, message: "This verification is not available at the moment." },
  sandbox_only: {
    status: 403,
    message: "Only a test session (created with a test key) takes a chosen outcome.",
  },
  invalid_json: { status: 400, message: "The body is not valid JSON." },
  payload_too_large: { status: 413, message: "The body is too large." },
  rate_limited: { status: 429, message: "Too many requests; retry after the Retry-After delay." },
  internal: { status: 500, message: "Internal error." },
} as const satisfies Record<string, ApplicantErrorInfo>;

/** EMAIL_VERIFICATION and PHONE_VERIFICATION refusals (`invalid_email` / `invalid_phone` name the channel). */
const CONTACT_CODE_ERRORS = {
  action_required: { status: 400, message: "Send {action: send | verify | skip}." },
  code_required: { status: 400, message: "verify needs `code`: the 6 digits received." },
  contact_not_editable: { status: 400, message: "This step sends the code to the address on file." },
  contact_required: { status: 400, message: "Send the email address or phone number to verify." },
  invalid_email: { status: 400, message: "That is not a valid email address." },
  invalid_phone: {
    status: 400,
    message: "That is not a valid mobile number (E.164, or national in the step's region).",
  },
  code_not_sent: { status: 409, message: "Ask for a code first (action send)." },
  skip_not_allowed: { status: 409, message: "This step must be verified while a code can still be sent." },
  contact_missing: { status: 422, message: "The session has no address to send to and the step takes none." },
  invalid_code: { status: 422, message: "Wrong code; `attempts_left` says how many tries remain." },
  too_many_attempts: { status: 422, message: "Five wrong codes: this code is dead; send a new one." },
  code_expired: { status: 422, message: "The code is older than 10 minutes; send a new one." },
  resend_too_soon: { status: 429, message: "A new code can be sent 30 s after the last; see Retry-After." },
  send_limit_reached: { status: 429, message: "At most 5 codes per hour per session; see Retry-After." },
  delivery_failed: {
    status: 502,
    message: "The mail server or SMS provider refused the message; nothing was kept.",
  },
  email_unavailable: { status: 503, message: "No email provider is configured (SMTP_URL)." },
  sms_unavailable: { status: 503, message: "No SMS provider is configured (SMS_WEBHOOK_URL or TWILIO_*)." },
} as const satisfies Record<string, ApplicantErrorInfo>;

/** VIDEO_CALL refusals. */
const VIDEO_CALL_ERRORS = {
  action_required: { status: 400, message: 'Send {action: "join" | "leave"}.' },
} as const satisfies Record<string, ApplicantErrorInfo>;

/** Codes each screen's step may answer besides the common ones (`<field>` codes name the field). */
export const STEP_ERRORS = {
  questionnaire: {
    answers_required: { status: 400, message: "Send {answers: {question_id: value}}." },
    "<question_id>_required": { status: 400, message: "A required question has no answer." },
    "invalid_<question_id>": { status: 400, message: "An answer does not fit its question." },
    unsupported_image_type: { status: 415, message: "A file answer is not a JPEG or PNG image." },
  },
  document: {
    front_image_required: { status: 400, message: "front_image is required." },
    invalid_front_image: { status: 400, message: "front_image is not a readable image." },
    back_image_required: { status: 400, message: "This step needs the back of the document." },
    invalid_back_image: { status: 400, message: "back_image is not a readable image." },
    upload_not_allowed: { status: 400, message: "This step takes camera captures only." },
    unsupported_image_type: { status: 415, message: "Send a JPEG, PNG or WebP image." },
    document_type_not_accepted: { status: 422, message: "This document type is not accepted here." },
    document_not_found: {
      status: 422,
      message: "The photo is clear but shows no document; photograph the document itself.",
    },
    document_unreadable: {
      status: 422,
      message:
        "Nothing could be read from the document; `reason` says why when the photo shows it: too_dark, glare or blurry.",
    },
  },
  liveness: {
    image_required: { status: 400, message: "PASSIVE needs the still `image`." },
    invalid_image: { status: 400, message: "`image` is not a readable image." },
    video_required: {
      status: 400,
      message: "This step needs the recorded clip `video` (or a frame `burst`).",
    },
    invalid_burst: { status: 400, message: "`burst` is 4–24 frames, each an image with t_ms ≥ 0." },
    invalid_video: { status: 400, message: "Send a WebM or MP4 clip." },
    frames_required: { status: 400, message: "Challenge methods need `frames`." },
    invalid_frames: { status: 400, message: "Each frame needs an image and t_ms ≥ 0." },
    challenge_id_required: { status: 400, message: "Challenge methods need `challenge_id`." },
    liveness_method_mismatch: { status: 400, message: "The body is shaped for another liveness method." },
    unsupported_image_type: { status: 415, message: "Send JPEG, PNG or WebP images." },
    challenge_not_found: { status: 404, message: "No such challenge for this session." },
    challenge_expired: { status: 422, message: "The challenge expired; read the state for a new one." },
    challenge_used: { status: 422, message: "The challenge was already used; read the state for a new one." },
    no_face_detected: { status: 422, message: "No face was found; retake the capture." },
  },
  aml_confirmation: {
    invalid_full_name: { status: 400, message: "full_name is at most 300 characters." },
    invalid_date_of_birth: { status: 400, message: "date_of_birth is a real date, YYYY-MM-DD." },
    invalid_nationality: { status: 400, message: "nationality is an ISO 3166-1 alpha-2 code." },
  },
  email_verification: CONTACT_CODE_ERRORS,
  phone_verification: CONTACT_CODE_ERRORS,
  confirm_details: {
    fields_required: { status: 400, message: "Send {fields: {field_id: value}} or {confirm: true}." },
    unknown_field: { status: 400, message: "`field` names no value of this step (see the state's fields)." },
    "invalid_<field_id>": {
      status: 400,
      message: "A correction is empty, longer than 300 characters, or (date fields) not YYYY-MM-DD.",
    },
    field_not_editable: {
      status: 422,
      message: "`field` is shown read-only: this step does not let it change.",
    },
  },
  proof_of_address: {
    file_required: { status: 400, message: "Send the document as `file` (base64 or a data: URI)." },
    invalid_file: {
      status: 400,
      message: "`file` is not valid base64, is empty, over 8 MB or an undecodable image.",
    },
    unsupported_file_type: {
      status: 415,
      message: "Send a PDF, JPEG or PNG (the type is read from the bytes).",
    },
    poa_unreadable: { status: 422, message: "No text could be read from the document; send a clearer copy." },
    poa_too_many_pages: {
      status: 422,
      message: "The PDF has more pages than the step reads (config.max_pages).",
    },
    poa_pdf_encrypted: {
      status: 422,
      message: "The PDF is password-protected; send a copy without a password.",
    },
    poa_screenshot: {
      status: 422,
      message: "A screenshot of a screen was sent; send the document's PDF or a photo of the paper.",
    },
    poa_type_not_accepted: {
      status: 422,
      message: "This kind of document is not accepted here (config.accepted_types).",
    },
  },
  nfc: {
    "<file>_required": { status: 400, message: "dg1, dg2 and sod are required (dg15 with aa_signature)." },
    "invalid_<file>": {
      status: 400,
      message: "A file is not base64 of at most 1 MB, or is not the data group (or SOD) its name says.",
    },
    challenge_required: { status: 400, message: "aa_signature needs the `challenge` it answers." },
    challenge_invalid: {
      status: 422,
      message: "The challenge was not issued to this step, has expired or was used; read the state again.",
    },
  },
  video_call: VIDEO_CALL_ERRORS,
} as const satisfies Record<StepScreen, Record<string, ApplicantErrorInfo>>;

/** `reason` on a 422 document_unreadable: what the photo itself shows (server-side measurement). */
export const DOCUMENT_UNREADABLE_REASONS = ["too_dark", "glare", "blurry"] as const;
export type DocumentUnreadableReason = (typeof DOCUMENT_UNREADABLE_REASONS)[number];

/** The body of every applicant API refusal (design: applicant API errors carry a code and a sentence). */
export type ApplicantErrorBody = {
  detail: string;
  message: string;
  reason?: DocumentUnreadableReason;
};
