// Video-call signalling across API processes (issue 18's topology): when the other party of a call is not
// connected to this process, the hub publishes the message on the database's NOTIFY channel and the process
// that holds that party's socket delivers it. NOTIFY reaches every process on the database, the sender
// included, so each envelope names its sender and a process ignores its own. A payload over NOTIFY's 8,000
// bytes (a large SDP offer) travels deflated; one that still does not fit is dropped and logged.
import { randomUUID } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { sql } from "kysely";
import type { DatabaseHandle, Db } from "../../platform/db/database.js";
import type { HubMessage, PeerRole } from "./signalling-hub.js";

export const VIDEO_SIGNAL_CHANNEL = "kyc_video_signal";
const MAX_PAYLOAD = 7_900;

export interface RelayEnvelope {
  callId: string;
  role: PeerRole;
  message: HubMessage;
}

export interface SignalRelay {
  publish(envelope: RelayEnvelope): void;
  /** Starts delivering other processes' envelopes to `deliver`; resolves to the stop function. */
  subscribe(deliver: (envelope: RelayEnvelope) => void): Promise<() => Promise<void>>;
}

interface Log {
  warn(details: object, message: string): void;
}

export function createSignalRelay(database: Pick<DatabaseHandle, "listen">, db: Db, log: Log): SignalRelay {
  const self = randomUUID();
  return {
    publish(envelope) {
      const payload = encode(self, envelope);
      if (payload === null) {
        log.warn({ callId: envelope.callId, type: envelope.message.type }, "video signal too large to relay");
        return;
      }
      sql`SELECT pg_notify(${VIDEO_SIGNAL_CHANNEL}, ${payload})`
        .execute(db)
        .catch((error: unknown) =>
          log.warn({ err: error, callId: envelope.callId }, "video signal relay failed"),
        );
    },
    subscribe(deliver) {
      return database.listen(
        VIDEO_SIGNAL_CHANNEL,
        (payload) => {
          const decoded = decode(payload);
          if (decoded && decoded.from !== self) deliver(decoded.envelope);
        },
        () => log.warn({}, "video signal relay: LISTEN connection lost; calls split across processes stall"),
      );
    },
  };
}

/** `j` + JSON, or `z` + base64 of the deflated JSON when that is what fits; null when nothing fits. */
export function encode(from: string, envelope: RelayEnvelope): string | null {
  const json = JSON.stringify({ from, ...envelope });
  if (Buffer.byteLength(json) <= MAX_PAYLOAD) return `j${json}`;
  const packed = `z${deflateRawSync(json).toString("base64")}`;
  return packed.length <= MAX_PAYLOAD ? packed : null;
}

export function decode(payload: string): { from: string; envelope: RelayEnvelope } | null {
  try {
    const json = payload.startsWith("z")
      ? inflateRawSync(Buffer.from(payload.slice(1), "base64")).toString("utf8")
      : payload.slice(1);
    const { from, callId, role, message } = JSON.parse(json) as RelayEnvelope & { from: string };
    if (typeof from !== "string" || typeof callId !== "string") return null;
    if (role !== "applicant" && role !== "agent") return null;
    if (typeof message?.type !== "string") return null;
    return { from, envelope: { callId, role, message } };
  } catch {
    return null;
  }
}
