// Response schemas of the session routes (they feed the OpenAPI document).
import { z } from "zod";

export const sessionObjectSchema = z.object({
  id: z.string().uuid(),
  session_kind: z.string(),
  status: z
    .string()
    .describe(
      "not_started, in_progress, awaiting_user, in_review, resubmitted, approved, declined, abandoned, expired, kyc_expired",
    ),
  stage: z
    .string()
    .describe("Milestone: created, started, case_created, approved, declined, expired, abandoned…"),
  url: z.string(),
  vendor_data: z.string().nullable(),
  workflow: z.string().nullable(),
  decision: z.string().describe("in_progress, approved, declined, in_review, abandoned, expired"),
  decision_v3: z
    .record(z.string(), z.array(z.record(z.string(), z.unknown())))
    .describe(
      "id_verifications, liveness_checks, face_matches, aml_screenings, reviews, video_calls always; " +
        "questionnaire_responses and other module arrays only when the workflow enables them. Every entry " +
        "but video_calls' has node_id, status, score, warnings, data. video_calls entries (one per call, empty " +
        "when none): {id, status (waiting | ringing | active | completed | abandoned), verdict (pass | fail | " +
        "null), verdict_reason (completed, document_mismatch, face_mismatch, suspected_fraud, " +
        "applicant_unresponsive, technical_problem; abandoned: applicant_left, applicant_lost, session_closed), " +
        "duration_s, completed_at, recording_url (null until ready), recording_status (null | pending | ready | " +
        "failed), screenshots: [{label (document_front | document_back | face), captured_at, url}]}; the agent's " +
        "identity and notes are never included. email_verifications / phone_verifications entries also " +
        "carry, at the top level and in data: email | phone (E.164), verified (boolean), attempts (integer, " +
        "every code of the node), sent_at, verified_at (ISO timestamps or null). " +
        "ip_analyses entries: {node_id, status, score: null, warnings (ip_country_mismatch, ip_hosting_network, " +
        "ip_not_public, ip_country_changed, ip_address_missing), data: {addresses: [{moment: open|finish, " +
        "seen_at, …the ip-check response fields}], document_countries: [ISO-2], country_mismatch: boolean|null}}. " +
        "confirm_details entries: {node_id, status, score: null, warnings (details_corrected, details_not_read), " +
        "data: {document_type, original: {field_id: value}, confirmed: {field_id: value}, changed: [field_id]}} — " +
        "values as read from the document and after the applicant's corrections (`<id>_latin`: transliteration). " +
        "poa_verifications entries: {node_id, status, score (name similarity × 100 or null), warnings (poa_too_old, " +
        "poa_name_mismatch, poa_type_not_accepted, poa_screenshot, poa_type_unknown, poa_name_not_found, " +
        "poa_name_not_compared, poa_date_not_found, poa_date_in_future, poa_address_not_found, poa_low_confidence, " +
        "poa_unreadable), data: {document_type (utility_bill | bank_statement | telecom_bill | government_letter | " +
        "tenancy_agreement | unknown), type_confidence, source (pdf_text | pdf_scan | image), page_count, language " +
        "(en | ne | mixed), holder_name, holder_name_latin, address, issue_date (ISO), issue_date_bs, age_days, " +
        "max_age_days, name_match: {score, matched, source}, confidence, file_type, file_url, preview_url}}. " +
        "database_validations entries: {node_id, status, score (exact 1, fuzzy 0.5 per field sent, ×100; null on " +
        "error), warnings (registry_field_mismatch, registry_field_fuzzy, registry_field_unavailable, " +
        "registry_record_not_found, registry_unavailable, registry_no_identity), data: {connector, request_id, " +
        "source: confirm_details|document, document_type, submitted: {field: value}, record_found, " +
        "record_reference, fields: {field: exact|fuzzy|mismatch|unavailable}, attempts, error}}. " +
        "nfc_verifications entries: {node_id, status, score (chip portrait vs selfie similarity ×100, or null), " +
        "warnings (sod_signature_invalid, csca_not_trusted, dg_hash_mismatch, mrz_chip_mismatch, " +
        "chip_face_mismatch, active_authentication_failed; detail: certificate_expired, certificate_revoked, " +
        "crl_outdated, dg_not_in_sod, mrz_not_compared, chip_face_not_compared, chip_face_unreadable), data: " +
        "{passive_authentication: {sod_signature_valid, chain_valid, hash_algorithm, data_groups: {dgN: " +
        "match|mismatch|not_in_sod}, document_signer, csca (subject, issuer, serial, country, not_before, " +
        "not_after)}, active_authentication: {performed, valid, available}, chip: {mrz_lines, fields, " +
        "mrz_checks_valid}, mrz_match, mrz_compared_fields, mrz_differing_fields, face: {matched, similarity, " +
        "chip_portrait_url, selfie_url}, data_groups_received}}.",
    ),
  risk: z.null(),
  tags: z.array(z.string()),
  credits_charged: z.number(),
  callback_url: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  expires_at: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  test: z
    .boolean()
    .describe("A sandbox session, created with a test key: never charged, seen by test keys only."),
});

export const sessionIdParams = z.object({ session_id: z.string() });
