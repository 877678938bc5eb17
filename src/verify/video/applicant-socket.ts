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
import { errorResponses } from "../applicant/error-responses.js";
import { APPLICANT_ERRORS } from "../applicant/step-contract.js";
import { type ServerSocket, servePeerSocket } from "./peer-socket.js";
import type { SignallingHub } from "./signalling-hub.js";
import { answerCall, findOpenCall, touchApplicant } from "./video-calls.js";

const { session_not_found, link_expired, session_closed, route_not_found } = APPLICANT_ERRORS;

type OpenCall = NonNullable<Awaited<ReturnType<typeof findOpenCall>>>;

export function registerApplicantVideoSocket(app: App, services: Services, hub: SignallingHub): void {
  const calls = new WeakMap<FastifyRequest, OpenCall>();
  app.get(
    "/flow-api/:token/video/socket",
    {
      websocket: true,
      // OpenAPI cannot describe a WebSocket: hidden from the document, documented here and in the README.
      schema: {
        hide: true,
        summary: "Applicant: the video call's signalling WebSocket",
        description:
          'Upgrade to a WebSocket once the VIDEO_CALL step was joined ({action: "join"}); 404 before. ' +
          "JSON messages. From the server: {type: status, status}, {type: peer, role, present}, " +
          "{type: signal, data} (the agent's SDP offer or ICE candidate). From the page: {type: ping} every " +
          "few seconds (an applicant unseen for VIDEO_PRESENCE_TIMEOUT_S is abandoned), {type: answer} to " +
          "accept a ringing call, {type: signal, data: {sdp | candidate}}.",
        tags: ["applicant"],
        params: z.object({ token: z.string() }),
        response: { ...errorResponses({ session_not_found, link_expired, session_closed, route_not_found }) },
      },
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
