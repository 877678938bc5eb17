// The short clip a PASSIVE selfie needs (the server requires it by default: `require_clip`). Chrome and
// Firefox record WebM; iOS Safari's MediaRecorder records MP4 (H.264), which the server accepts, judges
// and keeps as a WebM copy; a browser with no recorder sends a frame burst instead. Never a still alone.
import { grabFrame, sleep } from "./use-camera.js";

/** What the step posts beside the still: `video` (a data: URI) or `burst` (frames with t_ms). */
export type ClipCapture = { video: string } | { burst: { image: string; t_ms: number }[] };

const RECORDER_TYPES = [
  "video/webm;codecs=vp8",
  "video/webm;codecs=vp9",
  "video/webm",
  "video/mp4;codecs=avc1",
  "video/mp4",
];

export function recorderType(): string | null {
  if (typeof MediaRecorder === "undefined") return null;
  return RECORDER_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

/** Records `ms` of the stream; null when the browser has no usable recorder or recording failed. */
export async function recordVideo(stream: MediaStream, ms: number): Promise<string | null> {
  const type = recorderType();
  if (!type) return null;
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 900_000 });
  } catch {
    return null;
  }
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => event.data.size > 0 && chunks.push(event.data);
  const stopped = new Promise<void>((resolve) => {
    recorder.onstop = () => resolve();
  });
  recorder.start();
  await sleep(ms);
  recorder.stop();
  await stopped;
  if (chunks.length === 0) return null;
  const blob = new Blob(chunks, { type: type.split(";")[0] });
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(blob);
  });
}

/** Eight frames over `ms` from the live video element (the fallback without a recorder). */
export async function recordBurst(
  video: HTMLVideoElement,
  ms: number,
  count = 8,
): Promise<{ image: string; t_ms: number }[]> {
  const frames: { image: string; t_ms: number }[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const image = grabFrame(video, 640, 0.85);
    if (image) frames.push({ image, t_ms: Math.round(performance.now() - started) });
    await sleep(ms / count);
  }
  return frames;
}

/** The clip for a PASSIVE step: a recording where the browser can, else a frame burst. */
export async function captureClip(
  stream: MediaStream | null,
  video: HTMLVideoElement,
  ms = 2000,
): Promise<ClipCapture> {
  const recorded = stream ? await recordVideo(stream, ms) : null;
  if (recorded) return { video: recorded };
  return { burst: await recordBurst(video, ms) };
}
