// VIDEO_CALL: join the queue (after the browser grants camera and microphone), wait with the place in the
// queue and the expected wait (the state is re-read every few seconds), then talk with the agent. The call
// itself runs over the signalling socket (video/applicant-call.ts), which reconnects after a network loss;
// the agent's verdict completes the step and the re-read state moves the page on.
import { useEffect, useRef, useState } from "preact/hooks";
import type { StepConfigs } from "../api.js";
import { Alert, Heading, Spinner } from "../ui.js";
import { type CallStatus, startApplicantCall } from "../video/applicant-call.js";
import type { StepProps } from "./step-props.js";

const POLL_MS = 4000;

function useLocalMedia(wanted: boolean) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [denied, setDenied] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    let opened: MediaStream | null = null;
    setDenied(false);
    navigator.mediaDevices
      ?.getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: true })
      .then((media) => {
        opened = media;
        if (live) setStream(media);
        else for (const track of media.getTracks()) track.stop();
      })
      .catch(() => live && setDenied(true));
    return () => {
      live = false;
      for (const track of opened?.getTracks() ?? []) track.stop();
      setStream(null);
    };
  }, [wanted, attempt]);
  return { stream, denied, retry: () => setAttempt((n) => n + 1) };
}

function Video({ stream, label, mirror }: { stream: MediaStream | null; label: string; mirror?: boolean }) {
  const ref = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      class={mirror ? "mirror" : undefined}
      aria-label={label}
      autoPlay
      playsInline
      muted={mirror}
    />
  );
}

export function VideoCallStep({ t, config, submit, refresh }: StepProps) {
  const call = config as StepConfigs["video_call"];
  const queued = call.status === "waiting" || call.status === "ringing" || call.status === "active";
  const [joining, setJoining] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const media = useLocalMedia(queued || joining);
  const [live, setLive] = useState<CallStatus | null>(null);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [link, setLink] = useState<"connecting" | "connected" | "reconnecting">("connecting");

  // Join once the camera and microphone are granted.
  useEffect(() => {
    if (!joining || !media.stream || queued) return;
    submit({ action: "join" })
      .catch(() => setError("generic"))
      .finally(() => setJoining(false));
  }, [joining, media.stream, queued]);

  useEffect(() => {
    if (!queued || !media.stream || !call.call_id) return;
    const session = startApplicantCall(call.socket_path, call.ice_servers, media.stream, {
      onStatus: (status) => {
        setLive(status);
        if (status === "completed" || status === "abandoned") refresh();
      },
      onRemote: setRemote,
      onLink: setLink,
    });
    return () => session.close();
  }, [queued, media.stream, call.call_id]);

  // The place in the queue, and the call's end when the socket could not say it.
  useEffect(() => {
    if (!queued) return;
    const timer = setInterval(refresh, POLL_MS);
    return () => clearInterval(timer);
  }, [queued]);

  const leave = () => {
    submit({ action: "leave" }).catch(() => refresh());
  };

  if (media.denied) {
    return (
      <>
        <Heading>{t("video.heading")}</Heading>
        <Alert>{t("video.camera_needed")}</Alert>
        <div class="actions">
          <button type="button" class="btn" onClick={media.retry}>
            {t("common.retry")}
          </button>
        </div>
      </>
    );
  }
  if (!queued) {
    return (
      <>
        <Heading>{t("video.heading")}</Heading>
        {call.status === "ended" ? <Alert>{t("video.again")}</Alert> : null}
        <p>{t("video.body")}</p>
        {error ? <Alert>{t("error.generic")}</Alert> : null}
        {joining ? <Spinner label={t("common.sending")} /> : null}
        <div class="actions">
          <button type="button" class="btn" disabled={joining} onClick={() => setJoining(true)}>
            {t("video.join")}
          </button>
        </div>
      </>
    );
  }
  const status = live ?? call.status;
  const reconnecting = link === "reconnecting" ? <Alert>{t("video.reconnecting")}</Alert> : null;
  if (status === "waiting") {
    return (
      <>
        <Heading>{t("video.waiting_heading")}</Heading>
        {reconnecting}
        <div class="video-call waiting">
          <Video stream={media.stream} label={t("video.your_video")} mirror />
        </div>
        <p class="video-position" aria-live="polite">
          {t("video.position", { position: call.position })}{" "}
          {t("video.wait", { minutes: Math.max(1, Math.round(call.expected_wait_seconds / 60)) })}
        </p>
        <p class="small muted">{t("video.keep_open")}</p>
        <div class="actions">
          <button type="button" class="btn secondary" onClick={leave}>
            {t("video.leave")}
          </button>
        </div>
      </>
    );
  }
  return (
    <>
      <Heading>{t("video.in_call_heading")}</Heading>
      {reconnecting}
      <div class="video-call">
        {remote ? (
          <Video stream={remote} label={t("video.agent_video")} />
        ) : (
          <Spinner label={t("video.ringing")} />
        )}
        <div class="video-self">
          <Video stream={media.stream} label={t("video.your_video")} mirror />
        </div>
      </div>
      <p class="small muted">{t("video.in_call_body")}</p>
      <div class="actions">
        <button type="button" class="btn secondary" onClick={leave}>
          {t("video.leave")}
        </button>
      </div>
    </>
  );
}
