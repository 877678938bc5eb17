// A node result shaped like the real module's (same decision_v3 array and data keys), filled with the sample
// identity of sample-evidence.ts. Evidence URLs point at files saved for this session, so they resolve
// through GET /v3/media with the test key.
import type { NodeResult, NodeStatus, WorkflowNode } from "../modules/module.js";
import type { PlannedNode } from "./sandbox-outcome.js";

export interface SampleEvidenceUrls {
  document_front: string;
  document_back: string;
  portrait: string;
  selfie: string;
}

const SAMPLE_PERSON = {
  full_name: "SANDBOX TEST SPECIMEN",
  first_name: "SANDBOX TEST",
  last_name: "SPECIMEN",
  date_of_birth: "1990-01-01",
  nationality: "NPL",
  document_number: "SBX0000001",
  expiration_date: "2035-01-01",
};

const SAMPLE_CONTACT = { email: "applicant@example.com", phone: "+9779841000000" };

const SCORE: Record<NodeStatus, number> = { approved: 97, in_review: 62, declined: 18 };

export function sampleNodeResult(
  node: WorkflowNode,
  plan: PlannedNode,
  urls: SampleEvidenceUrls,
): NodeResult {
  const base = { node_id: plan.node_id, status: plan.status, warnings: plan.warnings };
  const passed = plan.status === "approved";
  switch (plan.decisionArray) {
    case "id_verifications": {
      const types = node.config.document_types;
      const documentType = Array.isArray(types) && typeof types[0] === "string" ? types[0] : "passport";
      return {
        ...base,
        score: SCORE[plan.status],
        data: {
          document_id: SAMPLE_PERSON.document_number,
          document_type: documentType,
          front_image_url: urls.document_front,
          back_image_url: urls.document_back,
          portrait_image_url: urls.portrait,
          fields: SAMPLE_PERSON,
          translated_fields: {},
          is_document_valid: plan.status !== "declined",
          sandbox: true,
        },
      };
    }
    case "liveness_checks":
      return {
        ...base,
        score: SCORE[plan.status],
        data: {
          method: typeof node.config.method === "string" ? node.config.method : "PASSIVE",
          selfie_url: urls.selfie,
          event_stills: [],
          video_url: null,
          sandbox: true,
        },
      };
    case "face_matches":
      return {
        ...base,
        score: SCORE[plan.status],
        data: {
          matched: passed,
          similarity: SCORE[plan.status] / 100,
          source_image_url: urls.selfie,
          target_image_url: urls.portrait,
          sandbox: true,
        },
      };
    case "aml_screenings":
      return {
        ...base,
        score: passed ? null : 91,
        data: {
          matches: [],
          possible_matches: [],
          informational_matches: [],
          risk_level: passed ? "low" : "high",
          lists_checked: [],
          screened: {
            full_name: SAMPLE_PERSON.full_name,
            date_of_birth: SAMPLE_PERSON.date_of_birth,
            source: "sandbox",
          },
          sandbox: true,
        },
      };
    case "age_estimations": {
      const minimum = typeof node.config.minimum_age === "number" ? node.config.minimum_age : 18;
      const estimated =
        plan.status === "approved" ? minimum + 17 : plan.status === "in_review" ? minimum : minimum - 5;
      return {
        ...base,
        score: estimated,
        data: { estimated_age: estimated, minimum_age: minimum, selfie_url: urls.selfie, sandbox: true },
      };
    }
    case "email_verifications":
    case "phone_verifications": {
      const channel = plan.decisionArray === "email_verifications" ? "email" : "phone";
      const sentAt = new Date(Date.now() - 60_000).toISOString();
      const entry = {
        [channel]: SAMPLE_CONTACT[channel],
        verified: passed,
        attempts: 1,
        sent_at: sentAt,
        verified_at: passed ? new Date().toISOString() : null,
      };
      // Like the real module: the entry's fields at the top level and in `data`.
      return Object.assign({ ...base, score: null, data: { ...entry, sandbox: true } }, entry);
    }
    case "ip_analyses":
      return {
        ...base,
        score: null,
        data: {
          addresses: [],
          document_countries: ["NP"],
          country_mismatch: plan.status === "approved" ? false : null,
          sandbox: true,
        },
      };
    case "confirm_details": {
      const fields = {
        full_name: SAMPLE_PERSON.full_name,
        date_of_birth: SAMPLE_PERSON.date_of_birth,
        document_number: SAMPLE_PERSON.document_number,
      };
      return {
        ...base,
        score: null,
        data: { document_type: "passport", original: fields, confirmed: fields, changed: [], sandbox: true },
      };
    }
    case "poa_verifications": {
      const issued = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
      return {
        ...base,
        score: SCORE[plan.status],
        data: {
          document_type: "utility_bill",
          type_confidence: 1,
          source: "pdf_text",
          page_count: 1,
          language: "en",
          holder_name: SAMPLE_PERSON.full_name,
          holder_name_latin: null,
          address: "Kathmandu Metropolitan City-10, Baneshwor",
          issue_date: issued,
          issue_date_bs: null,
          age_days: 20,
          max_age_days: typeof node.config.max_age_days === "number" ? node.config.max_age_days : 90,
          name_match: { score: SCORE[plan.status] / 100, matched: passed, source: "document" },
          confidence: 0.96,
          file_type: "application/pdf",
          file_url: null,
          preview_url: null,
          sandbox: true,
        },
      };
    }
    case "database_validations": {
      const match = plan.status === "approved" ? "exact" : plan.status === "in_review" ? "fuzzy" : "mismatch";
      return {
        ...base,
        score: SCORE[plan.status],
        data: {
          connector: typeof node.config.connector === "string" ? node.config.connector : "sandbox",
          request_id: null,
          source: "document",
          document_type: "passport",
          submitted: { full_name: SAMPLE_PERSON.full_name, document_number: SAMPLE_PERSON.document_number },
          record_found: true,
          record_reference: "SANDBOX-RECORD-1",
          fields: { full_name: match, document_number: "exact" },
          attempts: 1,
          error: null,
          sandbox: true,
        },
      };
    }
    case "nfc_verifications":
      return {
        ...base,
        score: SCORE[plan.status],
        data: {
          passive_authentication: {
            sod_signature_valid: passed,
            chain_valid: passed,
            hash_algorithm: "sha256",
            data_groups: { dg1: "match", dg2: "match" },
            document_signer: null,
            csca: null,
          },
          active_authentication: { performed: false, valid: null, available: false },
          chip: null,
          mrz_match: passed,
          mrz_compared_fields: [],
          mrz_differing_fields: [],
          face: {
            matched: passed,
            similarity: SCORE[plan.status] / 100,
            chip_portrait_url: urls.portrait,
            selfie_url: urls.selfie,
          },
          data_groups_received: ["dg1", "dg2"],
          sandbox: true,
        },
      };
    default:
      return { ...base, score: null, data: { answers: [], questions: [], sandbox: true } };
  }
}
