// VIDEO_CALL (issue 17): the applicant joins a queue ({action: "join"}; the session is awaiting_user), an agent
// in the console takes the call and talks with them over WebRTC (signalling: verify/video/signalling-*.ts),
// takes labelled screenshots and ends the call with a verdict. The verdict completes the step (the agent's
// call, not the applicant's); {action: "leave"} abandons the call and gives the step back, so the applicant
// may queue again while the link lives — a dropped connection must not decline anyone, and an applicant who
// never returns is abandoned with the session when its link lapses (sessions.expire). Node config:
//   on_fail (declined)   declined | in_review — the node's status when the agent's verdict is `fail`
// The node's result: approved on `pass`, on_fail on `fail`, warning `video_call_failed` and the agent's reason.
// decision_v3.video_calls lists the calls themselves (verify/video/serialize-video-calls.ts).
import { z } from "zod";
import { AppError } from "../../platform/errors.js";
import { sessionUrlToken } from "../applicant/session-token.js";
import type { StepConfigs } from "../applicant/step-contract.js";
import { callSeconds } from "../video/serialize-video-calls.js";
import { abandonCall, findOpenCall, joinQueue } from "../video/video-calls.js";
import { expectedWaitSeconds, queuePosition } from "../video/video-queue.js";
import type { ModuleContext, WorkflowModule } from "./module.js";

const configSchema = z.strictObject({
  on_fail: z.enum(["declined", "in_review"]).default("declined"),
});

const bodySchema = z.object({ action: z.enum(["join", "leave"]) });

function latestCall(context: ModuleContext) {
  return context.db
    .selectFrom("video_calls")
    .selectAll()
    .where("session_id", "=", context.session.id)
    .where("node_id", "=", context.node.id)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

export const videoCallModule: WorkflowModule = {
  features: ["VIDEO_CALL"],
  decisionArray: "video_calls",
  parseConfig(config) {
    const parsed = configSchema.safeParse(config ?? {});
    if (!parsed.success) {
      throw new AppError("invalid_workflow", {
        detail: `VIDEO_CALL config: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`,
      });
    }
    return parsed.data;
  },
  entitlements: () => ["VIDEO_CALL"],
  step: {
    async describe(context): Promise<StepConfigs["video_call"]> {
      const call = await latestCall(context);
      const open = call && ["waiting", "ringing", "active"].includes(call.status) ? call : null;
      const position = open?.status === "waiting" ? await queuePosition(context.db, open) : 0;
      return {
        call_id: open?.id ?? null,
        status: open ? (open.status as "waiting" | "ringing" | "active") : call ? "ended" : "none",
        position,
        expected_wait_seconds: await expectedWaitSeconds(context.db, position),
        ice_servers: context.services.config.video.iceServers,
        socket_path: `/flow-api/${sessionUrlToken(context.services.config, context.session.id)}/video/socket`,
      };
    },
    async respond(context, body) {
      const parsed = bodySchema.safeParse(body);
      if (!parsed.success) {
        throw new AppError("invalid_step", {
          detail: "action_required",
          message: 'Send {action: "join" | "leave"}.',
        });
      }
      const scope = { tenantId: context.session.tenant_id, sessionId: context.session.id };
      const listeners = context.services.hooks.sessionStatusChanged;
      if (parsed.data.action === "join") {
        return {
          captures: null,
          event: "call_joined",
          commit: async (tx) => {
            await joinQueue(tx, { ...scope, nodeId: context.node.id }, listeners);
          },
        };
      }
      return {
        captures: null,
        event: "call_left",
        commit: async (tx) => {
          const open = await findOpenCall(tx, context.session.id, context.node.id);
          if (open)
            await abandonCall(tx, { tenantId: scope.tenantId, callId: open.id }, "applicant_left", listeners);
        },
      };
    },
  },
  async evaluate(context) {
    const config = configSchema.parse(context.node.config);
    const callId = (context.captures as { call_id?: string }).call_id;
    const call = callId
      ? await context.db
          .selectFrom("video_calls")
          .select(["id", "verdict", "verdict_reason", "started_at", "ended_at"])
          .where("id", "=", callId)
          .where("session_id", "=", context.session.id)
          .where("status", "=", "completed")
          .executeTakeFirst()
      : undefined;
    if (!call?.verdict) {
      // The step is captured only by a verdict, so this means the row was removed under us.
      return {
        result: {
          status: "in_review",
          score: null,
          warnings: ["video_call_missing"],
          data: { call_id: null },
        },
      };
    }
    const passed = call.verdict === "pass";
    return {
      result: {
        status: passed ? "approved" : config.on_fail,
        score: passed ? 100 : 0,
        warnings: passed ? [] : ["video_call_failed"],
        data: {
          call_id: call.id,
          verdict: call.verdict,
          verdict_reason: call.verdict_reason,
          duration_s: callSeconds(call),
        },
      },
    };
  },
};
