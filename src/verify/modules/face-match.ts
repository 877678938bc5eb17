// FACE_MATCH (server-only): the live selfie LIVENESS kept against the portrait ID_VERIFICATION cut from the
// document, and against the tenant's reference face when the session has one.
// spec: decision_v3 face_matches data keys matched, similarity, source_image_url (the selfie),
// target_image_url (the document portrait), reference.image_url when a reference portrait was supplied.
// Decided here: a reference mismatch declines by default (the tenant vouched for that face; config
// `reference_mismatch: "review"` holds it for a person instead). Score = similarity × 100, rounded.
import { z } from "zod";
import type { AnalyzedFace } from "../../engines/face/face-engine.js";
import { DEFAULT_FACE_VERIFY_THRESHOLD } from "../../engines/face/similarity.js";
import { AppError, isAppError } from "../../platform/errors.js";
import { mediaUrl } from "../../platform/media/evidence.js";
import type { EvidenceCache } from "./evidence-cache.js";
import { type NodeStatus, type WorkflowModule, worstStatus } from "./module.js";
import { checkPortraitReuse, PORTRAIT_REUSE_WARNING } from "./portrait-reuse-check.js";
import { documentPortraitPath, liveSelfiePath } from "./session-evidence.js";

const configSchema = z.strictObject({
  threshold: z.number().min(0.2).max(0.95).default(DEFAULT_FACE_VERIFY_THRESHOLD),
  reference_mismatch: z.enum(["decline", "review"]).default("decline"),
});

function parseConfig(config: unknown): Record<string, unknown> {
  const parsed = configSchema.safeParse(config ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("invalid_workflow", {
      message: `FACE_MATCH: ${issue.path.join(".")} ${issue.message}`.trim(),
    });
  }
  return parsed.data;
}

/** The subject of a stored image: the one face of a selfie, the largest face of a portrait or reference. */
async function faceIn(
  evidence: EvidenceCache,
  path: string,
  mode: "selfie" | "portrait",
): Promise<AnalyzedFace | null> {
  if (mode === "portrait") return (await evidence.faces(path))?.faces[0] ?? null;
  try {
    return await evidence.oneFace(path);
  } catch (error) {
    if (isAppError(error) && error.status === 422) return null;
    throw error;
  }
}

export const faceMatchModule: WorkflowModule = {
  features: ["FACE_MATCH"],
  decisionArray: "face_matches",
  parseConfig,
  entitlements: () => ["FACE_MATCH"],
  async evaluate(context) {
    const config = configSchema.parse(context.node.config);
    const { services } = context;
    const url = (path: string | null) => (path ? mediaUrl(services.config.publicUrl, path) : null);
    const selfiePath = liveSelfiePath(context.nodes);
    const portraitPath = documentPortraitPath(context.nodes);
    const referencePath =
      typeof context.session.reference.face_image_path === "string"
        ? context.session.reference.face_image_path
        : null;
    const hasDocumentNode = context.nodes.some((state) => state.node.feature === "ID_VERIFICATION");

    const warnings: string[] = [];
    const statuses: NodeStatus[] = [];
    const selfie = selfiePath ? await faceIn(context.evidence, selfiePath, "selfie") : null;
    if (!selfie) {
      warnings.push(selfiePath ? "selfie_face_not_detected" : "face_match_missing_input");
      statuses.push("in_review");
    }

    let similarity: number | null = null;
    let matched = false;
    if (portraitPath || hasDocumentNode || !referencePath) {
      const portrait = portraitPath ? await faceIn(context.evidence, portraitPath, "portrait") : null;
      if (!portrait) {
        if (!warnings.includes("face_match_missing_input")) warnings.push("face_match_missing_input");
        statuses.push("in_review");
      } else if (selfie) {
        similarity = (await services.engines.face()).compare(selfie.embedding, portrait.embedding);
        matched = similarity >= config.threshold;
        // A near-duplicate of the portrait (same photograph recropped, recompressed or re-photographed)
        // is not a match of a live face: decline it with its own warning.
        const reuse = matched ? await checkPortraitReuse(context.evidence, context.nodes) : null;
        if (reuse?.reused) {
          matched = false;
          warnings.push(PORTRAIT_REUSE_WARNING);
        } else if (!matched) warnings.push("face_mismatch");
        statuses.push(matched ? "approved" : "declined");
      }
    }

    let reference: { image_url: string | null; similarity: number | null; matched: boolean } | undefined;
    if (referencePath) {
      const face = await faceIn(context.evidence, referencePath, "portrait");
      reference = { image_url: url(referencePath), similarity: null, matched: false };
      if (!face) {
        warnings.push("reference_face_not_detected");
        statuses.push("in_review");
      } else if (selfie) {
        reference.similarity = (await services.engines.face()).compare(selfie.embedding, face.embedding);
        reference.matched = reference.similarity >= config.threshold;
        if (!reference.matched) {
          warnings.push("face_reference_mismatch");
          statuses.push(config.reference_mismatch === "decline" ? "declined" : "in_review");
        } else statuses.push("approved");
      }
    }

    const scored = similarity ?? reference?.similarity ?? null;
    return {
      result: {
        status: worstStatus(statuses),
        score: scored === null ? null : Math.round(scored * 100),
        warnings,
        data: {
          // Without a document node the reference is the only comparison, and decides `matched`.
          matched: similarity === null && reference ? reference.matched : matched,
          similarity,
          source_image_url: url(selfiePath),
          target_image_url: url(portraitPath),
          ...(reference ? { reference } : {}),
        },
      },
    };
  },
};
