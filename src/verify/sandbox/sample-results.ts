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
    default:
      return { ...base, score: null, data: { answers: [], questions: [], sandbox: true } };
  }
}
