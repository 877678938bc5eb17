// Runs every node's evaluation in graph order, then commits the results, the modules' side effects and the
// session's outcome in one transaction. Engines run outside the transaction (PGlite has one connection and
// an engine call can take seconds), so evidence files are written first and referenced by the results.
// Run by the decision job (decide-session-job.ts): it may run again after a crash, so it is idempotent —
// it acts only on a session still claimed for a decision, re-checked under the row lock at commit.
import { sql } from "kysely";
import { withTransaction } from "../../platform/db/transaction.js";
import { AppError, isAppError } from "../../platform/errors.js";
import type { Services } from "../../services.js";
import { createEvidenceCache } from "../modules/evidence-cache.js";
import type { Evaluation, ModuleContext, NodeResult, WorkflowModule } from "../modules/module.js";
import { moduleFor } from "../modules/registry.js";
import { forceOutcome, sandboxOutcomeOf } from "../sandbox/sandbox-outcome.js";
import { logSessionEvent } from "../sessions/session-log.js";
import { transitionSession } from "../sessions/transition-session.js";
import { combineResults, decisionReason } from "./combine-results.js";
import { loadNodeStates, moduleContext } from "./node-states.js";

/** One node's evaluation; an engine that cannot answer holds the node for a person rather than guessing. */
async function evaluateNode(
  services: Services,
  module: WorkflowModule,
  context: ModuleContext,
  sessionId: string,
): Promise<Evaluation> {
  try {
    return await module.evaluate(context);
  } catch (error) {
    if (!isAppError(error) || error.status < 500) throw error;
    services.log.warn({ sessionId, node: context.node.id, err: error.message }, "module engine unavailable");
    return {
      result: {
        status: "in_review",
        score: null,
        warnings: [`${context.node.feature.toLowerCase()}_unavailable`],
        data: {},
      },
    };
  }
}

/** The outcome, or null when there was nothing to decide (decided already, claim withdrawn, deleted). */
export async function runDecision(
  services: Services,
  tenantId: string,
  sessionId: string,
): Promise<string | null> {
  const session = await services.db
    .selectFrom("sessions")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("id", "=", sessionId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (session?.status !== "in_progress" || session.stage !== "processing") return null;

  try {
    const states = await loadNodeStates(services.db, session);
    // One evidence cache for the whole decision: the selfie and the portrait are read, decoded and run
    // through the face models once, whichever modules look at them.
    const evidence = createEvidenceCache(services);
    // Modules that read only captures run concurrently (the face work of LIVENESS and FACE_MATCH overlaps
    // the AML screening); a module that reads earlier results waits for the nodes it reads.
    const modules = states.map((state) => {
      const module = moduleFor(state.node.feature);
      if (!module) throw new AppError("internal", { message: `no module for ${state.node.feature}` });
      return module;
    });
    const evaluations: Promise<Evaluation>[] = [];
    for (const [index, state] of states.entries()) {
      const module = modules[index]!;
      const reads = module.readsResultsOf ?? [];
      const earlier = evaluations.filter((_, i) => reads.includes(states[i]!.node.feature));
      // A module sees the results of the features it declared (set once they are evaluated) and no others:
      // an undeclared read finds null every time instead of whatever a concurrent or earlier run left there.
      const visible = states.map((other) =>
        reads.includes(other.node.feature) ? other : { ...other, result: null },
      );
      const context = moduleContext(services, session, visible, state, evidence);
      evaluations.push(
        (async () => {
          await Promise.all(earlier);
          const evaluation = await evaluateNode(services, module, context, sessionId);
          state.result = { node_id: state.node.id, ...evaluation.result };
          return evaluation;
        })(),
      );
    }
    // Every evaluation settles before anything is decided; the first refusal in graph order wins.
    const settled = await Promise.allSettled(evaluations);
    const failed = settled.find((outcome) => outcome.status === "rejected");
    if (failed) throw failed.reason;
    const done = settled.map((outcome) => (outcome as PromiseFulfilledResult<Evaluation>).value);
    let results: NodeResult[] = states.map((state) => state.result!);
    const commits = done.flatMap((evaluation) => (evaluation.commit ? [evaluation.commit] : []));
    // design: Sandbox — a test session's magic vendor_data (`sandbox:approved`…) fixes its outcome.
    const forced = session.test ? sandboxOutcomeOf(session.vendor_data) : null;
    if (forced) {
      const arrays = states.map((state) => moduleFor(state.node.feature)?.decisionArray ?? "");
      results = forceOutcome(results, arrays, forced);
    }
    const outcome = combineResults(results);
    return await withTransaction(services.db, async (tx) => {
      // Another run (a retry after this one's lease lapsed) may have decided meanwhile.
      const still = await tx
        .selectFrom("sessions")
        .select("id")
        .where("id", "=", sessionId)
        .where("status", "=", "in_progress")
        .where("stage", "=", "processing")
        .forUpdate()
        .executeTakeFirst();
      if (!still) return null;
      for (const result of results) {
        await tx
          .updateTable("session_nodes")
          .set({ state: "evaluated", result: JSON.stringify(result), updated_at: sql`now()` })
          .where("session_id", "=", sessionId)
          .where("node_id", "=", result.node_id)
          .execute();
      }
      // A test session never touches live data: no gallery or monitoring enrolment (design: Sandbox).
      if (!session.test) for (const commit of commits) await commit(tx);
      await logSessionEvent(tx, {
        tenantId,
        sessionId,
        type: "decision.made",
        data: {
          outcome,
          nodes: results.map((r) => ({ node_id: r.node_id, status: r.status, warnings: r.warnings })),
        },
      });
      await transitionSession(
        tx,
        { tenantId, sessionId, to: outcome, listeners: services.hooks.sessionStatusChanged },
        { reason: decisionReason(results, outcome) },
      );
      return outcome;
    });
  } catch (error) {
    // A transient failure keeps the claim, so the job's retry decides; a refusal (4xx) gives the session
    // back to the applicant, whose next finish claims it again.
    if (!isAppError(error) || error.status >= 500) throw error;
    await services.db
      .updateTable("sessions")
      .set({ stage: "started" })
      .where("id", "=", sessionId)
      .where("status", "=", "in_progress")
      .execute();
    throw error;
  }
}
