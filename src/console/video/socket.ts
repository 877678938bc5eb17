// GET /console/api/tenants/:tenant_id/video-calls/:call_id/socket (WebSocket): the agent's side of the call's
// signalling. The console session cookie authenticates it (the console's auth hook runs on the upgrade); the
// call must be the tenant's, open and taken by this operator, and the page must be the console's own origin
// (a cross-site page cannot open it with the operator's cookie).
import type {} from "@fastify/websocket";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../platform/errors.js";
import type { App } from "../../platform/http/app.js";
import type { Services } from "../../services.js";
import { type ServerSocket, servePeerSocket } from "../../verify/video/peer-socket.js";
import type { SignallingHub } from "../../verify/video/signalling-hub.js";
import { findCall } from "../../verify/video/video-calls.js";
import { operatorOf } from "../console-auth.js";
import { CONSOLE_TAGS } from "../console-schemas.js";
import { callParams } from "./call-schemas.js";

function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin || !request.headers.host) return false;
  try {
    const page = new URL(origin);
    // The Host header read with the page's scheme, so a default port compares equal either way.
    return page.host === new URL(`${page.protocol}//${request.headers.host}`).host;
  } catch {
    return false;
  }
}

export function registerConsoleVideoSocketRoute(app: App, services: Services, hub: SignallingHub): void {
  const calls = new WeakMap<FastifyRequest, { id: string; status: string }>();
  app.get(
    "/video-calls/:call_id/socket",
    {
      websocket: true,
      config: { consoleRole: "reviewer" },
      // OpenAPI cannot describe a WebSocket: hidden from the document, documented here and in the README.
      schema: {
        hide: true,
        summary: "The agent's signalling WebSocket for a call it took",
        description:
          "Upgrade to a WebSocket with the console session cookie from the console's own origin. JSON " +
          "messages: from the server {type: status, status, applicant_present?}, {type: peer, role, present}, " +
          "{type: signal, data}; from the page {type: signal, data: {sdp | candidate}} (relayed to the " +
          "applicant of this call only).",
        tags: CONSOLE_TAGS,
        params: callParams,
      },
      preHandler: async (request) => {
        const { tenant_id: tenantId, call_id: callId } = request.params as {
          tenant_id: string;
          call_id: string;
        };
        if (!sameOrigin(request)) {
          throw new AppError("forbidden", { detail: "forbidden", message: "Cross-origin socket refused." });
        }
        const call = await findCall(services.db, { tenantId, callId });
        if (!call || call.operator_id !== operatorOf(request).operatorId) {
          throw new AppError("not_found", { detail: "not_found", message: "No such call taken by you." });
        }
        if (!["ringing", "active"].includes(call.status)) {
          throw new AppError("conflict", {
            detail: "call_state_conflict",
            message: `The call is ${call.status}.`,
          });
        }
        calls.set(request, call);
      },
    },
    (socket, request) => {
      const call = calls.get(request)!;
      servePeerSocket(
        hub,
        { callId: call.id, role: "agent", socket: socket as unknown as ServerSocket, log: request.log },
        async () => undefined,
      );
      hub.send(call.id, "agent", {
        type: "status",
        status: call.status,
        applicant_present: hub.isPresent(call.id, "applicant"),
      });
    },
  );
}
