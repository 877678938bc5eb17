// Live camera for capture steps. iOS Safari plays inline only with `playsinline` + `muted`, and a play()
// promise may reject on autoplay policy: we call play() ourselves and surface errors as camera states.
import { useCallback, useEffect, useRef, useState } from "preact/hooks";

export type CameraStatus = "starting" | "ready" | "denied" | "unavailable";

export interface Camera {
  videoRef: { current: HTMLVideoElement | null };
  status: CameraStatus;
  stream: MediaStream | null;
  retry: () => void;
}

export function useCamera(facingMode: "user" | "environment", enabled = true): Camera {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [status, setStatus] = useState<CameraStatus>("starting");
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let opened: MediaStream | null = null;
    setStatus("starting");
    if (!navigator.mediaDevices?.getUserMedia) {
      setStatus("unavailable");
      return;
    }
    navigator.mediaDevices
      .getUserMedia({
        audio: false,
        video: { facingMode, width: { ideal: 1280 }, height: { ideal: 960 } },
      })
      .then(async (media) => {
        opened = media;
        if (!live) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        setStream(media);
        const video = videoRef.current;
        if (video) {
          video.srcObject = media;
          await video.play().catch(() => undefined);
        }
        setStatus("ready");
      })
      .catch((error: DOMException) => {
        if (!live) return;
        setStatus(
          error?.name === "NotAllowedError" || error?.name === "SecurityError" ? "denied" : "unavailable",
        );
      });
    return () => {
      live = false;
      for (const track of opened?.getTracks() ?? []) track.stop();
    };
  }, [facingMode, enabled, attempt]);

  // The video element may mount after the stream arrives.
  useEffect(() => {
    const video = videoRef.current;
    if (video && stream && video.srcObject !== stream) {
      video.srcObject = stream;
      video.play().catch(() => undefined);
    }
  });

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { videoRef, status, stream, retry };
}

/** A JPEG of the current frame, scaled so its longer side is at most `maxSide` pixels. */
export function grabFrame(video: HTMLVideoElement, maxSide = 1280, quality = 0.9): string | null {
  const { videoWidth: w, videoHeight: h } = video;
  if (!w || !h) return null;
  const scale = Math.min(1, maxSide / Math.max(w, h));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(w * scale);
  canvas.height = Math.round(h * scale);
  canvas.getContext("2d")!.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL("image/jpeg", quality);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
