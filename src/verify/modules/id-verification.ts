// ID_VERIFICATION: the applicant photographs an identity document; the document engine reads it at
// submit (so an unreadable or unaccepted capture is refused for a retake) and the node is judged at finish.
// spec: decision_v3 id_verifications data keys document_id, document_type, front_image_url,
// back_image_url, portrait_image_url; extras (fields, translated_fields, is_document_valid, confidence,
// reference) per Versioning. Prefill is never read here (spec: prefill never influences the decision).
import { z } from "zod";
import type { DocumentExtractResult } from "../../engines/document/document-engine.js";
import { AppError, isAppError } from "../../platform/errors.js";
import { mediaUrl, saveEvidence } from "../../platform/media/evidence.js";
import type { Services } from "../../services.js";
import type { StepConfigs } from "../applicant/step-contract.js";
import { compareDocuments, documentNumberOf } from "./compare-documents.js";
import { largestFaceShare, measurePhoto, photoProblem } from "./document-photo-quality.js";
import type { ModuleContext, NodeStatus, WorkflowModule } from "./module.js";
import { decodeStepImage } from "./session-evidence.js";

export const ACCEPTED_DOCUMENT_TYPES = [
  "passport",
  "drivers_license",
  "citizenship",
  "pan",
  "disability_id",
  // Read from their machine-readable zone (document engine: MRZ formats TD1, TD2, MRV-A/B, French ID).
  "id_card",
  "residence_permit",
  "visa",
] as const;

const configSchema = z.strictObject({
  document_types: z.array(z.enum(ACCEPTED_DOCUMENT_TYPES)).min(1).optional(),
  require_back: z.boolean().default(false),
  allow_upload: z.boolean().default(true),
  minimum_age: z.number().int().min(1).max(120).optional(),
  reject_expired: z.boolean().default(true),
  /** Reading confidence (0..1) below which the node goes to review. */
  min_confidence: z.number().min(0).max(1).default(0.5),
});
type IdConfig = z.infer<typeof configSchema>;

/** Engine warnings that mean a check failed on the document itself: a person must look. */
export const REVIEW_WARNINGS: ReadonlySet<string> = new Set([
  "mrz_checksum_failed",
  "mrz_field_invalid",
  "vz_mrz_mismatch",
  "number_checksum_failed",
  "date_implausible",
  "mrz_not_found",
]);

interface IdCaptures {
  front_path: string;
  back_path: string | null;
  portrait_path: string | null;
  source: "camera" | "upload";
  /** The reading taken at submit; null when the engine was unavailable then (read again at finish). */
  extraction: DocumentExtractResult | null;
}

function parseConfig(config: unknown): Record<string, unknown> {
  const parsed = configSchema.safeParse(config ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("invalid_workflow", {
      message: `ID_VERIFICATION: ${issue.path.join(".")} ${issue.message}`.trim(),
    });
  }
  return parsed.data;
}

const configOf = (context: ModuleContext): IdConfig => configSchema.parse(context.node.config);
const acceptedTypes = (config: IdConfig): string[] => config.document_types ?? [...ACCEPTED_DOCUMENT_TYPES];

async function readDocument(
  services: Services,
  image: Buffer,
  config: IdConfig,
  hint: string | undefined,
): Promise<{ result: DocumentExtractResult; portrait: Buffer | null }> {
  const engine = await services.engines.document();
  return engine.extract(image, { documentType: hint, minimumAge: config.minimum_age });
}

/**
 * The refusal of a capture nothing could be read from: a photo too dark, blurred or glared says why
 * (document_unreadable + reason); a clear photo of something else (a selfie) is document_not_found.
 */
async function unreadableCapture(services: Services, bytes: Buffer): Promise<AppError> {
  const problem = await photoProblem(await measurePhoto(bytes), async () =>
    largestFaceShare(await services.engines.face(), bytes),
  ).catch(() => "unknown" as const);
  if (problem === null) {
    return new AppError("unprocessable", {
      field: "front_image",
      detail: "document_not_found",
      message: "The photo is clear but no document was found in it; photograph the document itself.",
    });
  }
  return new AppError("unprocessable", {
    field: "front_image",
    detail: "document_unreadable",
    message: "Nothing could be read from the document; retake the photo in good light.",
    ...(problem === "unknown" ? {} : { extra: { reason: problem } }),
  });
}

export const idVerificationModule: WorkflowModule = {
  features: ["ID_VERIFICATION"],
  decisionArray: "id_verifications",
  parseConfig,
  entitlements: () => ["ID_VERIFICATION"],
  step: {
    async describe(context): Promise<StepConfigs["document"]> {
      const config = configOf(context);
      return {
        document_types: acceptedTypes(config),
        require_back: config.require_back,
        allow_upload: config.allow_upload,
        fields: { front_image: "required", back_image: config.require_back ? "required" : "optional" },
      };
    },
    async submit(context, raw) {
      const config = configOf(context);
      const body = (raw ?? {}) as Record<string, unknown>;
      const source = body.source === "upload" ? "upload" : "camera";
      if (source === "upload" && !config.allow_upload) {
        throw new AppError("validation_failed", { field: "source", detail: "upload_not_allowed" });
      }
      let hint: string | undefined;
      if (body.document_type !== undefined && body.document_type !== null) {
        if (typeof body.document_type !== "string" || !acceptedTypes(config).includes(body.document_type)) {
          throw new AppError("validation_failed", {
            field: "document_type",
            detail: "document_type_not_accepted",
          });
        }
        hint = body.document_type;
      }
      const front = await decodeStepImage(body.front_image, "front_image");
      const back =
        config.require_back || (body.back_image !== undefined && body.back_image !== null)
          ? await decodeStepImage(body.back_image, "back_image")
          : null;

      // Read now so a capture nothing can be read from is refused while the applicant can retake it.
      let reading: { result: DocumentExtractResult; portrait: Buffer | null } | null = null;
      try {
        reading = await readDocument(context.services, front.bytes, config, hint);
      } catch (error) {
        if (isAppError(error) && error.code === "ocr_no_fields") {
          throw await unreadableCapture(context.services, front.bytes);
        }
        if (!isAppError(error) || error.status < 500) throw error;
        context.services.log.warn({ err: error.message }, "document engine unavailable at submit");
      }
      if (reading && !acceptedTypes(config).includes(reading.result.detected_type)) {
        throw new AppError("unprocessable", {
          field: "front_image",
          detail: "document_type_not_accepted",
          message: `Accepted documents: ${acceptedTypes(config).join(", ")}.`,
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
      const frontSaved = await save("document_front", front.bytes, front.mime);
      const backSaved = back ? await save("document_back", back.bytes, back.mime) : null;
      const portraitSaved = reading?.portrait ? await save("portrait", reading.portrait, "image/png") : null;
      const captures: IdCaptures = {
        front_path: frontSaved.path,
        back_path: backSaved?.path ?? null,
        portrait_path: portraitSaved?.path ?? null,
        source,
        extraction: reading?.result ?? null,
      };
      return { ...captures };
    },
  },
  async evaluate(context) {
    const config = configOf(context);
    const captures = context.captures as unknown as IdCaptures;
    const publicUrl = context.services.config.publicUrl;
    const url = (path: string | null) => (path ? mediaUrl(publicUrl, path) : null);
    let extraction = captures.extraction;
    if (!extraction) {
      // The engine was down at submit: read the stored front now (a 5xx here holds the node for review).
      const bytes = await context.services.media.get(captures.front_path);
      if (!bytes) throw new AppError("engine_unavailable", { message: "document image missing" });
      extraction = (await readDocument(context.services, bytes, config, undefined)).result;
    }

    const warnings = [...extraction.warnings];
    const add = (code: string) => {
      if (!warnings.includes(code)) warnings.push(code);
    };
    let declined = false;
    let review = false;
    if (!acceptedTypes(config).includes(extraction.detected_type)) {
      add("document_type_not_accepted");
      declined = true;
    }
    if (warnings.includes("document_expired") && config.reject_expired) declined = true;
    if (warnings.includes("under_minimum_age")) declined = true;
    if (warnings.some((w) => REVIEW_WARNINGS.has(w))) review = true;
    if (extraction.generic_extraction) {
      // Template-less reading: nothing vouches for the document.
      add("document_not_verified");
      review = true;
    }
    if (extraction.confidence < config.min_confidence) {
      add("low_confidence");
      review = true;
    }
    if (!captures.portrait_path) add("portrait_not_found");

    let reference: Record<string, unknown> | undefined;
    const referencePath = context.session.reference.document_image_path;
    if (typeof referencePath === "string") {
      const comparison = await compareDocuments(context.services, referencePath, extraction);
      reference = { image_url: url(referencePath), ...comparison };
      if (comparison.matched === null) add("reference_document_unreadable");
      if (comparison.matched === false) add("reference_document_mismatch");
      if (comparison.matched !== true) review = true;
    }

    const status: NodeStatus = declined ? "declined" : review ? "in_review" : "approved";
    return {
      result: {
        status,
        score: Math.round(extraction.confidence * 100),
        warnings,
        data: {
          document_id: documentNumberOf(extraction.fields),
          document_type: extraction.detected_type,
          front_image_url: url(captures.front_path),
          back_image_url: url(captures.back_path),
          portrait_image_url: url(captures.portrait_path),
          fields: extraction.fields,
          translated_fields: extraction.translated_fields,
          is_document_valid: extraction.is_document_valid,
          ...(reference ? { reference } : {}),
        },
      },
    };
  },
};
