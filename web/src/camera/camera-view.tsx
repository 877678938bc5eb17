// The live preview with its outline (document rectangle or face oval), a status line, and the recovery
// screens when the camera is blocked or missing.
import type { ComponentChildren } from "preact";
import type { Translate } from "../i18n/i18n.js";
import { Alert } from "../ui.js";
import type { Camera } from "./use-camera.js";

export function CameraView(props: {
  camera: Camera;
  t: Translate;
  shape: "doc" | "face";
  good?: boolean;
  status?: string | null;
  children?: ComponentChildren;
}) {
  const { camera, t, shape } = props;
  return (
    <div class={`camera ${shape === "doc" ? "doc" : ""}`}>
      <video
        ref={(element) => {
          camera.videoRef.current = element;
        }}
        class={shape === "face" ? "mirror" : ""}
        playsInline
        muted
        autoPlay
        aria-label={t("camera.preview_label")}
        data-testid="camera-preview"
      />
      <div class={`overlay ${props.good ? "good" : ""}`} aria-hidden="true">
        <div class={shape === "doc" ? "outline-doc" : "outline-face"} />
      </div>
      {props.children}
      {camera.status === "starting" ? (
        <div class="cam-status">{t("camera.starting")}</div>
      ) : props.status ? (
        <div class="cam-status" role="status">
          {props.status}
        </div>
      ) : null}
    </div>
  );
}

/** Shown instead of the preview when the camera cannot be used; `fallback` offers the upload path. */
export function CameraProblem(props: { camera: Camera; t: Translate; fallback?: ComponentChildren }) {
  const { camera, t } = props;
  const denied = camera.status === "denied";
  return (
    <>
      <Alert>
        <strong>{t(denied ? "camera.denied_heading" : "camera.unavailable_heading")}</strong>
        <br />
        {t(denied ? "camera.denied_body" : "camera.unavailable_body")}
      </Alert>
      <div class="actions">
        <button type="button" class="btn" onClick={camera.retry}>
          {t("common.retry")}
        </button>
        {props.fallback}
      </div>
    </>
  );
}
