// The signalling relay between the two browsers of a call (issue 17): offers, answers and ICE candidates
// pass through unchanged from one peer's socket to the other's, and the server adds status news. Sockets are
// filed by call id and role, so a message can only ever reach the other party of the same call. With several
// API processes (a PostgreSQL deployment), a message for a party that is not connected here goes through the
// signal relay (signal-relay.ts) to the process that holds its socket.
import type { RelayEnvelope, SignalRelay } from "./signal-relay.js";

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
  /** Parties connected to other processes, as their relayed `peer` news told. */
  private readonly elsewhere = new Map<string, Set<PeerRole>>();

  constructor(private readonly bus?: SignalRelay) {}

  /** An envelope another process relayed: delivered when its party is connected here. */
  deliver(envelope: RelayEnvelope): void {
    const { callId, role, message } = envelope;
    if (message.type === "peer" && (message.role === "applicant" || message.role === "agent")) {
      const present = this.elsewhere.get(callId) ?? new Set<PeerRole>();
      if (message.present) present.add(message.role);
      else present.delete(message.role);
      if (present.size > 0) this.elsewhere.set(callId, present);
      else this.elsewhere.delete(callId);
    }
    this.sendHere(callId, role, message);
  }

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
    if (!this.sendHere(callId, role, message)) this.bus?.publish({ callId, role, message });
  }

  /** Sends to the party's socket when it is open in this process; whether it was. */
  private sendHere(callId: string, role: PeerRole, message: HubMessage): boolean {
    const socket = this.calls.get(callId)?.[role];
    if (socket?.readyState !== OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  /** Status news for both parties (ringing, active, completed, abandoned). */
  broadcast(callId: string, message: HubMessage): void {
    this.send(callId, "applicant", message);
    this.send(callId, "agent", message);
  }

  isPresent(callId: string, role: PeerRole): boolean {
    return (
      this.calls.get(callId)?.[role]?.readyState === OPEN || this.elsewhere.get(callId)?.has(role) === true
    );
  }

  /** Closes the call's sockets (it ended). */
  close(callId: string, code = 1000, reason = "call ended"): void {
    const peers = this.calls.get(callId);
    this.calls.delete(callId);
    this.elsewhere.delete(callId);
    peers?.applicant?.close(code, reason);
    peers?.agent?.close(code, reason);
  }
}

function other(role: PeerRole): PeerRole {
  return role === "applicant" ? "agent" : "applicant";
}
