// POST /v3/sandbox/session/{id}/complete/ domain (design: Sandbox): decides a test session without captures.
// The sample evidence, the node results, the log entries and the status moves (with their signed webhooks
// through transitionSession) commit in one transaction, exactly as a real decision does.
import { sql } from "kysely";
import { withTransaction } from "../../platform/db/transaction.js";
import { AppError } from "../../platform/errors.js";
import { mediaUrl, saveEvidence } from "../../platform/media/evidence.js";
import type { Services } from "../../services.js";
import { decisionReason } from "../decision/combine-results.js";
import type { NodeResult } from "../modules/module.js";
import { moduleFor } from "../modules/registry.js";
import { findSession } from "../sessions/find-session.js";
import { logSessionEvent } from "../sessions/session-log.js";
import type { SessionStatus } from "../sessions/session-states.js";
import { transitionSession } from "../sessions/transition-session.js";
import { type SampleKind, sampleImage } from "./sample-evidence.js";
import { type SampleEvidenceUrls, sampleNodeResult } from "./sample-results.js";
import { type NodeOverride, planNodeStatuses, type SandboxOutcome } from "./sandbox-outcome.js";

/** Statuses a completion may start from: anything the applicant could still finish. */
const OPEN: readonly SessionStatus[] = ["not_started", "in_progress", "awaiting_user", "resubmitted"];
const SAMPLES: readonly SampleKind[] = ["document_front", "document_back", "portrait", "selfie"];

export interface CompleteSandboxInput {
  tenantId: string;
  sessionId: string;
  outcome: SandboxOutcome;
  nodes?: Record<string, NodeOverride>;
}

export async function completeSandboxSession(services: Services, input: CompleteSandboxInput): Promise<void> {
  const session = await findSession(services.db, input.tenantId, input.sessionId);
  if (!session.test) throw liveSessionRefused();
  if (!OPEN.includes(session.status as SessionStatus)) {
    throw new AppError("session_closed", {
      detail: `Session is ${session.status}; only an open test session can be completed.`,
    });
  }
  const nodes = session.workflow_snapshot.nodes.filter((node) => node.enabled);
  const plan = planNodeStatuses(
    nodes.map((node) => ({ node_id: node.id, decisionArray: moduleFor(node.feature)?.decisionArray ?? "" })),
    input.outcome,
    input.nodes,
  );
  const images = await Promise.all(SAMPLES.map((kind) => sampleImage(kind)));

  await withTransaction(services.db, async (tx) => {
    const urls = {} as SampleEvidenceUrls;
    for (const [index, kind] of SAMPLES.entries()) {
      const saved = await saveEvidence(tx, services.media, {
        tenantId: input.tenantId,
        sessionId: session.id,
        kind: `sandbox_${kind}`,
        bytes: images[index]!,
        contentType: "image/jpeg",
      });
      urls[kind] = mediaUrl(services.config.publicUrl, saved.path);
    }
    const results: NodeResult[] = plan.map((planned, index) =>
      sampleNodeResult(nodes[index]!, planned, urls),
    );
    for (const result of results) {
      await tx
        .updateTable("session_nodes")
        .set({ state: "evaluated", result: JSON.stringify(result), updated_at: sql`now()` })
        .where("session_id", "=", session.id)
        .where("node_id", "=", result.node_id)
        .execute();
    }
    const move = {
      tenantId: input.tenantId,
      sessionId: session.id,
      listeners: services.hooks.sessionStatusChanged,
    };
    // The same path a real run takes: the applicant's start, then the decision.
    if (session.status !== "in_progress")
      await transitionSession(tx, { ...move, to: "in_progress" }, { actor: "sandbox" });
    await logSessionEvent(tx, {
      tenantId: input.tenantId,
      sessionId: session.id,
      type: "decision.made",
      actor: "sandbox",
      data: {
        outcome: input.outcome,
        sandbox: true,
        nodes: results.map((r) => ({ node_id: r.node_id, status: r.status, warnings: r.warnings })),
      },
    });
    await transitionSession(
      tx,
      { ...move, to: input.outcome },
      { actor: "sandbox", reason: decisionReason(results, input.outcome) },
    );
  });
}

export function liveSessionRefused(): AppError {
  const message = "Only test sessions (created with a test key) can be completed in the sandbox.";
  return new AppError("forbidden", { detail: message, message });
}
