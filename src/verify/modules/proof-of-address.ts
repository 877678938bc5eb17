// PROOF_OF_ADDRESS: the applicant uploads (or photographs) a recent bill, bank statement, telecom bill,
// tax or government letter or tenancy agreement, as an image or a PDF. It is read at submit, so a file
// nothing can be read from, a screenshot of a screen or a document type the node does not accept is
// refused while the applicant can send another; at finish the holder's name is compared with the identity
// the session established and the issue date with `max_age_days`. Node config:
//   max_age_days (90)               the issue date may be at most this many days old
//   accepted_types (all five)       utility_bill, bank_statement, telecom_bill, government_letter, tenancy_agreement
//   name_match_threshold (0.8)      name similarity (0..1, the AML comparison) at or above which names match
//   on_name_mismatch (declined)     declined | in_review, for a similarity below half the threshold; between
//                                   the two the node goes to review
//   min_confidence (0.5)            reading confidence below which the node goes to review
//   max_pages (5)                   a PDF with more pages is refused
// decision_v3 `poa_verifications` entries: {node_id, status, score (name similarity × 100 or null), warnings,
// data: {document_type, type_confidence, source, page_count, language, holder_name, holder_name_latin,
// address, issue_date, issue_date_bs, age_days, max_age_days, name_match: {score, matched, source},
// confidence, file_type, file_url, preview_url}}.
import { z } from "zod";
import { POA_TYPES } from "../../engines/proof-of-address/classify-poa.js";
import {
  type PoaFileType,
  type PoaReading,
  readProofOfAddress,
} from "../../engines/proof-of-address/read-proof-of-address.js";
import { AppError, isAppError } from "../../platform/errors.js";
import { mediaUrl, saveEvidence } from "../../platform/media/evidence.js";
import type { Services } from "../../services.js";
import type { StepConfigs } from "../applicant/step-contract.js";
import type { NodeStatus, WorkflowModule, WorkflowNode } from "./module.js";
import { decodePoaFile } from "./poa-file.js";
import { identityName, nameMatchScore } from "./poa-name-match.js";

const configSchema = z.strictObject({
  max_age_days: z.number().int().min(1).max(3650).default(90),
  accepted_types: z
    .array(z.enum(POA_TYPES))
    .min(1)
    .default([...POA_TYPES]),
  name_match_threshold: z.number().min(0.5).max(1).default(0.8),
  on_name_mismatch: z.enum(["declined", "in_review"]).default("declined"),
  min_confidence: z.number().min(0).max(1).default(0.5),
  max_pages: z.number().int().min(1).max(10).default(5),
});
type PoaConfig = z.infer<typeof configSchema>;

/** spec: Limits — files are at most 8 MB (the image limit holds for PDFs too). */
const POA_MAX_BYTES = 8 * 1024 * 1024;

interface PoaCaptures {
  file_path: string;
  file_type: PoaFileType;
  preview_path: string | null;
  source: "camera" | "upload";
  /** The reading taken at submit; null when the OCR engine was unavailable then (read again at finish). */
  reading: Omit<PoaReading, "preview"> | null;
}

const configOf = (node: WorkflowNode): PoaConfig => configSchema.parse(node.config);

async function read(services: Services, bytes: Buffer, type: PoaFileType, config: PoaConfig) {
  return readProofOfAddress(bytes, type, { ocr: await services.engines.ocr(), maxPages: config.max_pages });
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const proofOfAddressModule: WorkflowModule = {
  features: ["PROOF_OF_ADDRESS"],
  decisionArray: "poa_verifications",
  // The holder's name is compared with the name the document step read (poa-name-match.ts).
  readsResultsOf: ["ID_VERIFICATION"],
  parseConfig(config) {
    const parsed = configSchema.safeParse(config ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new AppError("invalid_workflow", {
        message: `PROOF_OF_ADDRESS: ${issue.path.join(".")} ${issue.message}`.trim(),
      });
    }
    return parsed.data;
  },
  entitlements: () => ["PROOF_OF_ADDRESS"],
  step: {
    async describe(context): Promise<StepConfigs["proof_of_address"]> {
      const config = configOf(context.node);
      return {
        accepted_types: config.accepted_types,
        max_age_days: config.max_age_days,
        max_pages: config.max_pages,
        max_bytes: POA_MAX_BYTES,
        file_types: ["application/pdf", "image/jpeg", "image/png"],
      };
    },
    async submit(context, raw) {
      const config = configOf(context.node);
      const body = (raw ?? {}) as Record<string, unknown>;
      const source = body.source === "camera" ? "camera" : "upload";
      const file = await decodePoaFile(body.file);
      let reading: PoaReading | null = null;
      try {
        reading = await read(context.services, file.bytes, file.type, config);
      } catch (error) {
        if (!isAppError(error) || error.status < 500) throw error;
        context.services.log.warn({ err: error.message }, "OCR unavailable at proof-of-address submit");
      }
      if (reading?.screenshot) {
        throw new AppError("unprocessable", {
          field: "file",
          detail: "poa_screenshot",
          message: "This is a screenshot of a screen; upload the document itself (its PDF or a photo of it).",
        });
      }
      if (
        reading &&
        reading.document_type !== "unknown" &&
        !config.accepted_types.includes(reading.document_type)
      ) {
        throw new AppError("unprocessable", {
          field: "file",
          detail: "poa_type_not_accepted",
          message: `Accepted documents: ${config.accepted_types.join(", ")}.`,
        });
      }
      const { services, session } = context;
      const save = (kind: string, bytes: Buffer, contentType: string) =>
        saveEvidence(services.db, services.media, {
          tenantId: session.tenant_id,
          sessionId: session.id,
          individualId: session.individual_id,
          kind,
          bytes,
          contentType,
        });
      const saved = await save("poa_document", file.bytes, file.type);
      const preview = reading?.preview ? await save("poa_preview", reading.preview, "image/png") : null;
      let kept: PoaCaptures["reading"] = null;
      if (reading) {
        const { preview: _preview, ...rest } = reading;
        kept = rest;
      }
      const captures: PoaCaptures = {
        file_path: saved.path,
        file_type: file.type,
        preview_path: preview?.path ?? null,
        source,
        reading: kept,
      };
      return { ...captures };
    },
  },
  async evaluate(context) {
    const config = configOf(context.node);
    const captures = context.captures as unknown as PoaCaptures;
    const publicUrl = context.services.config.publicUrl;
    const url = (path: string | null) => (path ? mediaUrl(publicUrl, path) : null);
    const warnings: string[] = [];
    let declined = false;
    let review = false;

    let reading = captures.reading;
    if (!reading) {
      // OCR was down at submit: read the stored file now (a 5xx here holds the node for review).
      const bytes = await context.services.media.get(captures.file_path);
      if (!bytes) throw new AppError("engine_unavailable", { message: "proof-of-address file missing" });
      try {
        const { preview: _preview, ...rest } = await read(
          context.services,
          bytes,
          captures.file_type,
          config,
        );
        reading = rest;
      } catch (error) {
        if (!isAppError(error) || error.status >= 500) throw error;
        return {
          result: {
            status: "in_review",
            score: null,
            warnings: ["poa_unreadable"],
            data: { file_type: captures.file_type, file_url: url(captures.file_path), preview_url: null },
          },
        };
      }
    }

    if (reading.screenshot) {
      warnings.push("poa_screenshot");
      declined = true;
    }
    if (reading.document_type === "unknown") {
      warnings.push("poa_type_unknown");
      review = true;
    } else if (!config.accepted_types.includes(reading.document_type)) {
      warnings.push("poa_type_not_accepted");
      declined = true;
    }

    const identity = identityName(context);
    const billNames = [reading.holder_name, reading.holder_name_latin].filter((n): n is string => Boolean(n));
    let nameScore: number | null = null;
    if (billNames.length === 0) {
      warnings.push("poa_name_not_found");
      review = true;
    } else if (!identity) {
      warnings.push("poa_name_not_compared");
      review = true;
    } else {
      nameScore = nameMatchScore(billNames, identity.names);
      if (nameScore < config.name_match_threshold) {
        warnings.push("poa_name_mismatch");
        if (nameScore < config.name_match_threshold / 2 && config.on_name_mismatch === "declined")
          declined = true;
        else review = true;
      }
    }

    const today = new Date().toISOString().slice(0, 10);
    const ageDays = reading.issue_date ? daysBetween(reading.issue_date, today) : null;
    if (ageDays === null) {
      warnings.push("poa_date_not_found");
      review = true;
    } else if (ageDays > config.max_age_days) {
      warnings.push("poa_too_old");
      declined = true;
    } else if (ageDays < -1) {
      warnings.push("poa_date_in_future");
      review = true;
    }
    if (!reading.address) {
      warnings.push("poa_address_not_found");
      review = true;
    }
    if (reading.confidence < config.min_confidence) {
      warnings.push("poa_low_confidence");
      review = true;
    }

    const status: NodeStatus = declined ? "declined" : review ? "in_review" : "approved";
    return {
      result: {
        status,
        score: nameScore === null ? null : Math.round(nameScore * 100),
        warnings,
        data: {
          document_type: reading.document_type,
          type_confidence: reading.type_confidence,
          source: reading.source,
          page_count: reading.page_count,
          language: reading.language,
          holder_name: reading.holder_name,
          holder_name_latin: reading.holder_name_latin,
          address: reading.address,
          issue_date: reading.issue_date,
          issue_date_bs: reading.issue_date_bs,
          age_days: ageDays,
          max_age_days: config.max_age_days,
          name_match: {
            score: nameScore,
            matched: nameScore === null ? null : nameScore >= config.name_match_threshold,
            source: identity?.source ?? null,
          },
          confidence: reading.confidence,
          file_type: captures.file_type,
          file_url: url(captures.file_path),
          preview_url: url(captures.preview_path),
        },
      },
    };
  },
};
