// The data of a session's PDF report: checks, reviews and evidence thumbnails, rendered by pdf-report.ts.
// application/pdf attachment. Evidence thumbnails come from the media store, never from URLs.
import sharp from "sharp";
import type { Services } from "../../services.js";
import { findSession } from "./find-session.js";
import { type ReportCheck, type ReportImage, renderSessionReport } from "./pdf-report.js";
import { reportIdentity } from "./report-identity.js";
import { nodeCheck, sessionNodes } from "./session-checks.js";

const MAX_THUMBNAILS = 12;

export async function generateSessionPdf(
  services: Pick<Services, "db" | "log" | "media">,
  tenantId: string,
  sessionId: string,
) {
  const session = await findSession(services.db, tenantId, sessionId);
  const [nodes, reviews, media] = await Promise.all([
    sessionNodes(services.db, tenantId, session.id),
    services.db
      .selectFrom("session_reviews")
      .select(["reviewer", "decision", "reason", "created_at"])
      .where("tenant_id", "=", tenantId)
      .where("session_id", "=", session.id)
      .orderBy("created_at")
      .execute(),
    services.db
      .selectFrom("media_objects")
      .select(["path", "kind"])
      .where("tenant_id", "=", tenantId)
      .where("session_id", "=", session.id)
      .where("purged_at", "is", null)
      .where("content_type", "in", ["image/jpeg", "image/png"])
      .orderBy("created_at")
      .limit(MAX_THUMBNAILS)
      .execute(),
  ]);
  const checks: ReportCheck[] = nodes.map((node) => ({
    nodeId: node.node_id,
    feature: node.feature,
    ...nodeCheck(node.result),
    details: node.result ? detailLines(node.result.data) : [],
  }));
  const images: ReportImage[] = [];
  for (const object of media) {
    const bytes = await services.media.get(object.path);
    if (!bytes) continue;
    try {
      // Re-encoded as a small JPEG: keeps the PDF small and sidesteps PNG variants pdfkit cannot embed.
      const thumbnail = await sharp(bytes)
        .rotate()
        .resize(360, 360, { fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 80 })
        .toBuffer();
      images.push({ label: object.kind.replace(/_/g, " "), bytes: thumbnail });
    } catch (error) {
      services.log.warn({ path: object.path, err: (error as Error).message }, "evidence thumbnail skipped");
    }
  }
  const identity = reportIdentity(nodes, session.prefill);
  const pdf = await renderSessionReport({
    sessionId: session.id,
    status: session.status,
    decision: session.decision,
    decisionReason: session.decision_reason,
    stage: session.stage,
    workflowName: session.workflow_snapshot.name,
    vendorData: session.vendor_data,
    applicantName: identity.name,
    dateOfBirth: identity.dateOfBirth,
    documentType: identity.documentType,
    documentNumber: identity.documentNumber,
    tags: session.tags,
    creditsCharged: String(Number(session.credits_charged)),
    createdAt: session.created_at,
    startedAt: session.started_at,
    completedAt: session.completed_at,
    expiresAt: session.expires_at,
    checks,
    reviews: reviews.map((review) => ({
      reviewer: review.reviewer,
      decision: review.decision,
      reason: review.reason,
      createdAt: review.created_at,
    })),
    images,
    generatedAt: new Date(),
  });
  return { sessionId: session.id, pdf };
}

/** Readable lines from a check's data: questionnaire answers, then simple scalar fields (no URLs). */
function detailLines(data: Record<string, unknown>): string[] {
  const lines: string[] = [];
  if (Array.isArray(data.questions)) {
    for (const question of data.questions as { label?: unknown; answer?: unknown }[]) {
      const answer = Array.isArray(question.answer) ? question.answer.join(", ") : question.answer;
      lines.push(
        `${String(question.label ?? "")}: ${answer === null || answer === undefined ? "-" : String(answer)}`,
      );
    }
    return lines;
  }
  for (const [key, value] of Object.entries(data)) {
    if (key.endsWith("_url") || key.endsWith("_id")) continue;
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      lines.push(`${key.replace(/_/g, " ")}: ${String(value).slice(0, 200)}`);
    }
  }
  return lines.slice(0, 12);
}
