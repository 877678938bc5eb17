// LIVENESS by the node's method (spec: rule 4 — fixed by the server, never chosen here):
// PASSIVE a selfie still with a short clip when the browser records WebM; PASSIVE_VIDEO a clip;
// FLASHING the screen flashes the challenge colours while frames are captured; 3D_ACTION animated head
// prompts; GESTURE hand-gesture prompts. Frames carry `t_ms` from the start of the sequence.
import { useEffect, useState } from "preact/hooks";
import { ApiError } from "../api.js";
import { CameraProblem, CameraView } from "../camera/camera-view.js";
import { captureClip, recorderType, recordVideo } from "../camera/record-clip.js";
import { type Camera, grabFrame, sleep, useCamera } from "../camera/use-camera.js";
import { errorKey, type Translate } from "../i18n/i18n.js";
import { Alert, Heading, Spinner } from "../ui.js";
import type { StepProps } from "./step-props.js";

interface Challenge {
  challenge_id: string;
  colors?: { color: string; duration_ms: number }[];
  actions?: string[];
  gestures?: string[];
}
interface Frame {
  image: string;
  t_ms: number;
}

const MAX_FRAMES = 24;
const ARROWS: Record<string, string> = { turn_left: "←", turn_right: "→", look_up: "↑", look_down: "↓" };
const GESTURE_ICONS: Record<string, string> = { thumbs_up: "👍", victory: "✌️", point_up: "☝️" };

type Phase = "intro" | "capturing" | "sending";

export function LivenessStep({ t, config, submit, refresh }: StepProps) {
  const method = String(config.method ?? "PASSIVE");
  const challenge = (config.challenge ?? null) as Challenge | null;
  const camera = useCamera("user");
  const [phase, setPhase] = useState<Phase>("intro");
  const [prompt, setPrompt] = useState<{ text: string; cue?: string; cueClass?: string } | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // A fresh challenge arrives with a new config after a refused attempt.
  useEffect(() => setPhase("intro"), [challenge?.challenge_id]);

  const run = async () => {
    const video = camera.videoRef.current;
    if (!video || camera.status !== "ready") return;
    setError(null);
    setPhase("capturing");
    try {
      const body = await capture(method, challenge, video, camera, t, setPrompt, setFlash);
      setFlash(null);
      setPrompt(null);
      setPhase("sending");
      await submit(body);
    } catch (caught) {
      setFlash(null);
      setPrompt(null);
      const code =
        caught instanceof ApiError ? caught.code : caught instanceof Error ? caught.message : "generic";
      setError(code);
      setPhase("intro");
      // Any judged attempt used the challenge: ask the server for a new one.
      if (challenge) refresh();
    }
  };

  const copy = introCopy(method, t);
  if (phase === "sending") return <Spinner label={t("common.sending")} />;
  const problem = camera.status === "denied" || camera.status === "unavailable";
  const view = (
    <CameraView
      camera={camera}
      t={t}
      shape="face"
      status={phase === "capturing" && !prompt ? t("liveness.capturing") : null}
    >
      {prompt ? (
        <>
          <div class="prompt" aria-hidden="true">
            {prompt.text}
          </div>
          {prompt.cue ? (
            <div class={`arrow ${prompt.cueClass ?? ""}`} aria-hidden="true">
              {prompt.cue}
            </div>
          ) : null}
        </>
      ) : null}
    </CameraView>
  );
  return (
    <>
      <Heading>{copy.heading}</Heading>
      <p>{copy.body}</p>
      {method === "FLASHING" ? <p class="small muted">{t("liveness.flashing_warning")}</p> : null}
      {method === "3D_ACTION" && challenge?.actions ? (
        <p class="small muted">
          {challenge.actions.map((a) => t(`liveness.action.${a}` as never)).join(" → ")}
        </p>
      ) : null}
      {method === "GESTURE" && challenge?.gestures ? (
        <p class="small muted">
          {challenge.gestures.map((g) => t(`liveness.gesture.${g}` as never)).join(" → ")}
        </p>
      ) : null}
      {error ? <Alert>{t(errorKey(error))}</Alert> : null}
      {/* The spoken prompt for screen-reader users; the visual one sits on the preview. */}
      <p class="visually-hidden" aria-live="assertive">
        {prompt?.text ?? ""}
      </p>
      {problem ? (
        <CameraProblem camera={camera} t={t} />
      ) : flash ? (
        <div class="flash" style={{ background: flash }} data-testid="flash-screen">
          {view}
        </div>
      ) : (
        view
      )}
      {!problem ? (
        <div class="actions">
          <button
            type="button"
            class="btn"
            onClick={run}
            disabled={camera.status !== "ready" || phase !== "intro"}
            data-testid="liveness-start"
          >
            {method === "PASSIVE" ? t("selfie.capture") : t("liveness.ready")}
          </button>
        </div>
      ) : null}
    </>
  );
}

function introCopy(method: string, t: Translate): { heading: string; body: string } {
  switch (method) {
    case "FLASHING":
      return { heading: t("liveness.flashing_heading"), body: t("liveness.flashing_body") };
    case "3D_ACTION":
      return { heading: t("liveness.action_heading"), body: t("liveness.action_body") };
    case "GESTURE":
      return { heading: t("liveness.gesture_heading"), body: t("liveness.gesture_body") };
    case "PASSIVE_VIDEO":
      return { heading: t("liveness.video_heading"), body: t("liveness.video_body") };
    default:
      return { heading: t("selfie.heading"), body: t("selfie.hint") };
  }
}

async function capture(
  method: string,
  challenge: Challenge | null,
  video: HTMLVideoElement,
  camera: Camera,
  t: Translate,
  setPrompt: (prompt: { text: string; cue?: string; cueClass?: string } | null) => void,
  setFlash: (color: string | null) => void,
): Promise<Record<string, unknown>> {
  const frame = (maxSide = 640) => {
    const image = grabFrame(video, maxSide, 0.85);
    if (!image) throw new Error("capture_failed");
    return image;
  };
  if (method === "PASSIVE" || method === "LIVENESS") {
    // A recording (WebM, or MP4 on iOS Safari) or, where the browser has no recorder, a frame burst:
    // never a silent fallback to the still alone (the step requires the clip by default).
    const still = frame(1280);
    return { image: still, ...(await captureClip(camera.stream, video)) };
  }
  if (method === "PASSIVE_VIDEO") {
    if (!camera.stream || !recorderType()) throw new Error("capture_failed");
    const clip = await recordVideo(camera.stream, 3000);
    if (!clip) throw new Error("capture_failed");
    return { video: clip };
  }
  if (!challenge) throw new Error("challenge_not_found");
  const frames: Frame[] = [];
  const start = performance.now();
  const take = () => {
    if (frames.length < MAX_FRAMES)
      frames.push({ image: frame(), t_ms: Math.round(performance.now() - start) });
  };
  if (method === "FLASHING") {
    for (const step of challenge.colors ?? []) {
      setFlash(step.color);
      const began = performance.now();
      // Capture after the screen and camera have settled on the colour, well inside its window.
      await sleep(step.duration_ms * 0.55);
      take();
      await sleep(Math.max(0, step.duration_ms - (performance.now() - began)));
    }
    setFlash(null);
  } else if (method === "3D_ACTION") {
    await sleep(300);
    take();
    await sleep(300);
    take();
    for (const action of challenge.actions ?? []) {
      setPrompt({ text: t(`liveness.action.${action}` as never), cue: ARROWS[action], cueClass: action });
      for (let i = 0; i < 5; i++) {
        await sleep(450);
        take();
      }
    }
  } else if (method === "GESTURE") {
    for (const gesture of challenge.gestures ?? []) {
      setPrompt({ text: t(`liveness.gesture.${gesture}` as never), cue: GESTURE_ICONS[gesture] });
      await sleep(900);
      for (let i = 0; i < 4; i++) {
        await sleep(500);
        take();
      }
    }
  }
  return { challenge_id: challenge.challenge_id, frames };
}
