// One video call, for the agent who took it: the applicant's video large and the agent's own small, labelled
// screenshots (document front, back, face) grabbed from the applicant's video, and the verdict that ends the
// call. The call is recorded here (video/call-recorder.ts) from the moment it is active; ending the call, or
// the applicant abandoning it, stops the recording and tells the server how many slices to join.
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, api, apiPutBytes } from "./api.js";
import { dateTime, label } from "./format.js";
import { onLinkClick, sessionPath } from "./router.js";
import { type CallStatus, startAgentCall } from "./video/agent-call.js";
import { CallRecorder } from "./video/call-recorder.js";
import "./video-calls.css";

interface CallView {
  id: string;
  session_id: string;
  status: CallStatus;
  verdict: "pass" | "fail" | null;
  verdict_reason: string | null;
  taken_by_me: boolean;
  applicant_present: boolean;
  recording_status: "pending" | "ready" | "failed" | null;
  recording_url: string | null;
  screenshots: { label: string; captured_at: string; url: string }[];
  ice_servers: RTCIceServer[];
}

const LABELS = [
  ["document_front", "Document front"],
  ["document_back", "Document back"],
  ["face", "Face"],
] as const;
const REASONS = [
  "completed",
  "document_mismatch",
  "face_mismatch",
  "suspected_fraud",
  "applicant_unresponsive",
  "technical_problem",
];

function Video({ stream, name, muted }: { stream: MediaStream | null; name: string; muted?: boolean }) {
  const ref = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} aria-label={name} autoPlay playsInline muted={muted} data-video={name} />;
}

function grabFrame(video: HTMLVideoElement): string {
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth || 640;
  canvas.height = video.videoHeight || 480;
  canvas.getContext("2d")!.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL("image/jpeg", 0.92);
}

export function VideoCallPage({ tenantId, callId }: { tenantId: string; callId: string }) {
  const base = `/tenants/${tenantId}/video-calls/${callId}`;
  const [call, setCall] = useState<CallView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [link, setLink] = useState("connecting");
  const [verdict, setVerdict] = useState<"pass" | "fail">("pass");
  const [reason, setReason] = useState("completed");
  const [notes, setNotes] = useState("");
  const [busy, setBusy] = useState(false);
  const recorder = useRef<CallRecorder | null>(null);
  const remoteBox = useRef<HTMLDivElement | null>(null);
  const finishing = useRef(false);

  const load = () =>
    api<CallView>("GET", base)
      .then((view) => {
        setCall(view);
        setError(null);
      })
      .catch((e: unknown) => setError(e instanceof ApiError ? e.detail : "failed"));

  useEffect(() => {
    void load();
    const timer = setInterval(load, 2000);
    return () => clearInterval(timer);
  }, [base]);

  const open = call?.taken_by_me === true && (call.status === "ringing" || call.status === "active");
  useEffect(() => {
    if (!open) return;
    let live = true;
    let opened: MediaStream | null = null;
    navigator.mediaDevices
      .getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: true })
      .then((media) => {
        opened = media;
        if (live) setLocal(media);
        else for (const track of media.getTracks()) track.stop();
      })
      .catch(() => setError("camera_unavailable"));
    return () => {
      live = false;
      for (const track of opened?.getTracks() ?? []) track.stop();
    };
  }, [open]);

  useEffect(() => {
    if (!open || !local || !call) return;
    recorder.current = new CallRecorder(local, (index, slice) =>
      apiPutBytes(`${base}/recording/chunks/${index}`, slice, "video/webm"),
    );
    const session = startAgentCall(`/console/api${base}/socket`, call.ice_servers, local, {
      onStatus: (status) => {
        if (status === "active") recorder.current?.start();
        if (status === "completed" || status === "abandoned") void load();
      },
      onRemote: (stream) => {
        setRemote(stream);
        recorder.current?.setRemote(stream);
      },
      onLink: setLink,
    });
    return () => session.close();
  }, [open, local]);

  // The applicant left or was lost: the recording so far is finished and joined.
  useEffect(() => {
    if (call?.status === "abandoned" && recorder.current && !finishing.current) void finishRecording();
  }, [call?.status]);

  async function finishRecording() {
    finishing.current = true;
    const current = recorder.current;
    recorder.current = null;
    if (!current) return;
    const chunks = await current.stop();
    await api("POST", `${base}/recording/finish`, { chunks }).catch(() => undefined);
    for (const track of local?.getTracks() ?? []) track.stop();
    void load();
  }

  const screenshot = async (kind: string) => {
    const video = remoteBox.current?.querySelector("video");
    if (!video || video.videoWidth === 0) return setError("no_video_yet");
    try {
      await api("POST", `${base}/screenshots`, { label: kind, image: grabFrame(video) });
      await load();
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : "failed");
    }
  };

  const end = async () => {
    setBusy(true);
    try {
      const current = recorder.current;
      recorder.current = null;
      finishing.current = true;
      const chunks = current ? await current.stop() : 0;
      await api("POST", `${base}/end`, { verdict, reason, notes: notes.trim() || undefined });
      if (current) await api("POST", `${base}/recording/finish`, { chunks });
      for (const track of local?.getTracks() ?? []) track.stop();
      await load();
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : "failed");
    } finally {
      setBusy(false);
    }
  };

  if (!call) return <p>{error ? `Could not load the call: ${error}` : "Loading…"}</p>;
  return (
    <section class="video-call-page">
      <h1>Video call</h1>
      <p>
        Session{" "}
        <a href={sessionPath(tenantId, call.session_id)} onClick={onLinkClick}>
          {call.session_id}
        </a>{" "}
        · status <strong data-call-status={call.status}>{label(call.status)}</strong>
        {open && ` · link ${link}`}
        {open && !call.applicant_present && " · applicant not connected"}
      </p>
      {error && <p role="alert">{error}</p>}
      {open && (
        <div class="video-stage">
          <div class="video-remote" ref={remoteBox}>
            <Video stream={remote} name="applicant" />
          </div>
          <div class="video-local">
            <Video stream={local} name="agent" muted />
          </div>
        </div>
      )}
      {call.status === "active" && call.taken_by_me && (
        <>
          <h2>Screenshots</h2>
          <div class="video-row">
            {LABELS.map(([kind, name]) => (
              <button key={kind} type="button" onClick={() => void screenshot(kind)}>
                {name}
              </button>
            ))}
          </div>
          <h2>Verdict</h2>
          <div class="video-row">
            <label class="check">
              <input
                type="radio"
                name="verdict"
                checked={verdict === "pass"}
                onChange={() => setVerdict("pass")}
              />{" "}
              Pass
            </label>
            <label class="check">
              <input
                type="radio"
                name="verdict"
                checked={verdict === "fail"}
                onChange={() => setVerdict("fail")}
              />{" "}
              Fail
            </label>
            <label>
              Reason{" "}
              <select value={reason} onChange={(e) => setReason((e.target as HTMLSelectElement).value)}>
                {REASONS.map((r) => (
                  <option key={r} value={r}>
                    {label(r)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <label>
            Internal notes (never shown to the tenant)
            <textarea value={notes} onInput={(e) => setNotes((e.target as HTMLTextAreaElement).value)} />
          </label>
          <button type="button" disabled={busy} onClick={() => void end()}>
            End call with verdict
          </button>
        </>
      )}
      {call.verdict && (
        <p>
          Verdict <strong data-verdict={call.verdict}>{call.verdict}</strong> (
          {label(call.verdict_reason ?? "")})
        </p>
      )}
      {call.screenshots.length > 0 && (
        <div class="video-row">
          {call.screenshots.map((shot) => (
            <figure key={shot.url} style={{ margin: 0, width: "200px" }}>
              <img src={shot.url} alt={label(shot.label)} style={{ width: "200px", height: "auto" }} />
              <figcaption>
                {label(shot.label)} · {dateTime(shot.captured_at)}
              </figcaption>
            </figure>
          ))}
        </div>
      )}
      {call.recording_status && (
        <p>
          Recording: <span data-recording={call.recording_status}>{call.recording_status}</span>
          {call.recording_url && (
            <>
              {" "}
              · <a href={call.recording_url}>Download recording (WebM)</a>
            </>
          )}
        </p>
      )}
    </section>
  );
}
