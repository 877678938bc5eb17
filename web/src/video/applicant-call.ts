// The applicant's side of a video call: the signalling socket (reconnected with backoff when the network
// drops, pinging so the server knows the applicant is still there) and the peer connection, which answers the
// agent's offers — a new offer after a reconnect replaces the connection. Media: the applicant's camera and
// microphone out, the agent's in.

export type CallStatus = "waiting" | "ringing" | "active" | "completed" | "abandoned";

export interface ApplicantCallEvents {
  onStatus(status: CallStatus): void;
  onRemote(stream: MediaStream | null): void;
  onLink(link: "connecting" | "connected" | "reconnecting"): void;
}

type Signal = { sdp?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit };

const PING_MS = 5000;

export function startApplicantCall(
  socketPath: string,
  iceServers: RTCIceServer[],
  local: MediaStream,
  events: ApplicantCallEvents,
): { close(): void } {
  let socket: WebSocket | null = null;
  let peer: RTCPeerConnection | null = null;
  let closed = false;
  let retries = 0;
  let ping: ReturnType<typeof setInterval> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const send = (message: unknown) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  function newPeer(): RTCPeerConnection {
    peer?.close();
    const pc = new RTCPeerConnection({ iceServers });
    for (const track of local.getTracks()) pc.addTrack(track, local);
    pc.ontrack = (event) => events.onRemote(event.streams[0] ?? new MediaStream([event.track]));
    pc.onicecandidate = (event) => {
      if (event.candidate) send({ type: "signal", data: { candidate: event.candidate.toJSON() } });
    };
    peer = pc;
    return pc;
  }

  async function onSignal(data: Signal) {
    if (data.sdp?.type === "offer") {
      const pc = newPeer();
      await pc.setRemoteDescription(data.sdp);
      await pc.setLocalDescription(await pc.createAnswer());
      send({ type: "signal", data: { sdp: pc.localDescription?.toJSON() } });
    } else if (data.candidate && peer) {
      await peer.addIceCandidate(data.candidate).catch(() => undefined);
    }
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    events.onLink(retries === 0 ? "connecting" : "reconnecting");
    const ws = new WebSocket(`${scheme}//${location.host}${socketPath}`);
    socket = ws;
    ws.onopen = () => {
      retries = 0;
      events.onLink("connected");
      clearInterval(ping);
      ping = setInterval(() => send({ type: "ping" }), PING_MS);
    };
    ws.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as {
        type: string;
        status?: CallStatus;
        role?: string;
        present?: boolean;
        data?: Signal;
      };
      if (message.type === "status" && message.status) {
        events.onStatus(message.status);
        if (message.status === "ringing") send({ type: "answer" });
      } else if (message.type === "signal" && message.data) {
        void onSignal(message.data);
      } else if (message.type === "peer" && message.role === "agent" && !message.present) {
        events.onRemote(null);
      }
    };
    ws.onclose = (event) => {
      clearInterval(ping);
      // 1000: the call ended; 4000: this page opened another socket; 4xxx from the server: nothing to retry.
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
      clearInterval(ping);
      clearTimeout(retryTimer);
      socket?.close(1000);
      peer?.close();
    },
  };
}
