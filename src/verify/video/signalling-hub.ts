// The signalling relay between the two browsers of a call (issue 17): offers, answers and ICE candidates
// pass through unchanged from one peer's socket to the other's, and the server adds status news. Sockets are
// filed by call id and role, so a message can only ever reach the other party of the same call. The hub lives
// in this process: a deployment with several web processes must route a call's two sockets to the same one
// (sticky sessions by path); see the module README.

export type PeerRole = "applicant" | "agent";

/** The part of a `ws` WebSocket the hub uses. */
export interface PeerSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

export interface HubMessage {
  type: string;
  [key: string]: unknown;
}

export class SignallingHub {
  private readonly calls = new Map<string, Partial<Record<PeerRole, PeerSocket>>>();

  /** Files the socket; a newer socket of the same role (a reconnect) replaces the older one. */
  attach(callId: string, role: PeerRole, socket: PeerSocket): void {
    const peers = this.calls.get(callId) ?? {};
    const previous = peers[role];
    peers[role] = socket;
    this.calls.set(callId, peers);
    if (previous && previous !== socket) previous.close(4000, "replaced");
    this.send(callId, other(role), { type: "peer", role, present: true });
  }

  /** Forgets the socket (if it is still the current one) and tells the other party. */
  detach(callId: string, role: PeerRole, socket: PeerSocket): void {
    const peers = this.calls.get(callId);
    if (!peers || peers[role] !== socket) return;
    delete peers[role];
    if (!peers.applicant && !peers.agent) this.calls.delete(callId);
    this.send(callId, other(role), { type: "peer", role, present: false });
  }

  /** Passes a peer's signalling message to the other party of the same call. */
  relay(callId: string, from: PeerRole, data: unknown): void {
    this.send(callId, other(from), { type: "signal", data });
  }

  send(callId: string, role: PeerRole, message: HubMessage): void {
    const socket = this.calls.get(callId)?.[role];
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  /** Status news for both parties (ringing, active, completed, abandoned). */
  broadcast(callId: string, message: HubMessage): void {
    this.send(callId, "applicant", message);
    this.send(callId, "agent", message);
  }

  isPresent(callId: string, role: PeerRole): boolean {
    return this.calls.get(callId)?.[role]?.readyState === OPEN;
  }

  /** Closes the call's sockets (it ended). */
  close(callId: string, code = 1000, reason = "call ended"): void {
    const peers = this.calls.get(callId);
    this.calls.delete(callId);
    peers?.applicant?.close(code, reason);
    peers?.agent?.close(code, reason);
  }
}

function other(role: PeerRole): PeerRole {
  return role === "applicant" ? "agent" : "applicant";
}
