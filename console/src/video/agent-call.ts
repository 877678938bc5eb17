// The agent's side of a video call: the signalling socket (reconnected with backoff) and the peer connection.
// The agent makes the offer, once the call is active and again whenever the applicant's page reconnects (a
// fresh connection replaces the old one, so a network loss on either side heals without the agent acting).

export type CallStatus = "waiting" | "ringing" | "active" | "completed" | "abandoned";

export interface AgentCallEvents {
  onStatus(status: CallStatus): void;
  onRemote(stream: MediaStream | null): void;
  onLink(link: "connecting" | "connected" | "reconnecting"): void;
}

type Signal = { sdp?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit };

export function startAgentCall(
  socketPath: string,
  iceServers: RTCIceServer[],
  local: MediaStream,
  events: AgentCallEvents,
): { close(): void } {
  let socket: WebSocket | null = null;
  let peer: RTCPeerConnection | null = null;
  let status: CallStatus | null = null;
  let closed = false;
  let retries = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const send = (message: unknown) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  async function offer() {
    peer?.close();
    const pc = new RTCPeerConnection({ iceServers });
    peer = pc;
    for (const track of local.getTracks()) pc.addTrack(track, local);
    pc.ontrack = (event) => events.onRemote(event.streams[0] ?? new MediaStream([event.track]));
    pc.onicecandidate = (event) => {
      if (event.candidate) send({ type: "signal", data: { candidate: event.candidate.toJSON() } });
    };
    await pc.setLocalDescription(await pc.createOffer());
    send({ type: "signal", data: { sdp: pc.localDescription?.toJSON() } });
  }

  async function onSignal(data: Signal) {
    if (!peer) return;
    if (data.sdp?.type === "answer") await peer.setRemoteDescription(data.sdp);
    else if (data.candidate) await peer.addIceCandidate(data.candidate).catch(() => undefined);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    events.onLink(retries === 0 ? "connecting" : "reconnecting");
    const ws = new WebSocket(`${scheme}//${location.host}${socketPath}`);
    socket = ws;
    ws.onopen = () => {
      retries = 0;
      events.onLink("connected");
    };
    ws.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as {
        type: string;
        status?: CallStatus;
        role?: string;
        present?: boolean;
        applicant_present?: boolean;
        data?: Signal;
      };
      if (message.type === "status" && message.status) {
        status = message.status;
        events.onStatus(message.status);
        if (message.status === "active" && message.applicant_present !== false) void offer();
      } else if (message.type === "peer" && message.role === "applicant") {
        if (!message.present) events.onRemote(null);
        else if (status === "active") void offer();
      } else if (message.type === "signal" && message.data) {
        void onSignal(message.data);
      }
    };
    ws.onclose = (event) => {
      if (closed || event.code === 1000 || event.code === 4000) return;
      retries += 1;
      events.onLink("reconnecting");
      retryTimer = setTimeout(connect, Math.min(8000, 500 * 2 ** Math.min(retries, 4)));
    };
  }

  connect();
  return {
    close() {
      closed = true;
      clearTimeout(retryTimer);
      socket?.close(1000);
      peer?.close();
    },
  };
}
