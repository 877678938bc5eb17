// GET {flow_url}/flow-api/<SESSION_TOKEN>/video/socket (WebSocket): the applicant's side of a call's
// signalling. The session token authorises it, like every applicant route; the socket belongs to the
// session's open call (404 before the applicant joined the queue). Commands: `ping` (every few seconds; keeps
// the call from the presence sweep), `answer` (the page accepts a ringing call: it becomes active).
import type {} from "@fastify/websocket";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError } from "../../platform/errors.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { sessionForCapture } from "../applicant/applicant-session.js";
import { type ServerSocket, servePeerSocket } from "./peer-socket.js";
import type { SignallingHub } from "./signalling-hub.js";
import { answerCall, findOpenCall, touchApplicant } from "./video-calls.js";

type OpenCall = NonNullable<Awaited<ReturnType<typeof findOpenCall>>>;

export function registerApplicantVideoSocket(app: App, services: Services, hub: SignallingHub): void {
  const calls = new WeakMap<FastifyRequest, OpenCall>();
  app.get(
    "/flow-api/:token/video/socket",
    {
      websocket: true,
      schema: { hide: true, params: z.object({ token: z.string() }) },
      preHandler: async (request) => {
        const { token } = request.params as { token: string };
        const session = await sessionForCapture(services, token);
        const call = await findOpenCall(services.db, session.id);
        if (!call) throw new AppError("not_found", { detail: "not_found", message: "No open video call." });
        calls.set(request, call);
      },
    },
    (socket, request) => {
      const call = calls.get(request)!;
      const scope = { tenantId: call.tenant_id, callId: call.id };
      servePeerSocket(
        hub,
        { callId: call.id, role: "applicant", socket: socket as unknown as ServerSocket, log: request.log },
        async (message) => {
          if (message.type === "ping") await touchApplicant(services.db, call.id);
          if (message.type === "answer") {
            await answerCall(services.db, scope);
            hub.broadcast(call.id, { type: "status", status: "active" });
          }
        },
      );
      void touchApplicant(services.db, call.id).catch(() => undefined);
      hub.send(call.id, "applicant", {
        type: "status",
        status: call.status,
        agent_present: hub.isPresent(call.id, "agent"),
      });
    },
  );
}
